import { Suspense, type ComponentProps } from 'react';
import { themedLazy } from '@/components/theme/themedLazy';
import type { QueryErrorAlert as LoadedAlert } from './QueryErrorAlert';

const QueryErrorAlert = themedLazy(() =>
  import('./QueryErrorAlert').then((module) => ({ default: module.QueryErrorAlert })),
);

/**
 * QueryErrorAlert for a page whose first screen is plain: a failed load is rare, so MUI's alert
 * and theme load only when one shows.
 */
export function LazyQueryErrorAlert(props: ComponentProps<typeof LoadedAlert>) {
  return (
    <Suspense fallback={null}>
      <QueryErrorAlert {...props} />
    </Suspense>
  );
}
