import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/ButtonLink';

interface EmptyStateProps {
  message: string;
  children?: ReactNode;
  /** Where to go instead, e.g. the gallery. */
  action?: { to: string; label: string };
}

/** What a list page shows when it has nothing to list yet. */
export function EmptyState({ message, children, action }: EmptyStateProps) {
  return (
    <div className="card card--padded text-center">
      <p className="type-h6 type-gutter-bottom">{message}</p>
      {children}
      {action !== undefined && (
        <p className="mt-2">
          <ButtonLink to={action.to} variant="contained">
            {action.label}
          </ButtonLink>
        </p>
      )}
    </div>
  );
}
