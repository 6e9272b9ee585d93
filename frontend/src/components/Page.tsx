import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/usePageTitle';

interface PageProps {
  title: string;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  /** The trail above the title, where every page puts it (a picture's page too). */
  breadcrumbs?: ReactNode;
}

/**
 * The frame of an ordinary page: its document title, one h1 and the content, in the kit's
 * container (kit.css).
 */
export function Page({ title, children, maxWidth = 'lg', breadcrumbs }: PageProps) {
  usePageTitle(title);
  return (
    <div className={`container container--${maxWidth} page`}>
      {breadcrumbs}
      {/* Focused from script after a change of page (app/layout/RouteAnnouncer.tsx). */}
      <h1 className="type-h4 type-gutter-bottom page__title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
