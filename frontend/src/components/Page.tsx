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
 * The frame of an ordinary page: its document title, one h1 and the content. MUI's Container and
 * h4 Typography drawn in plain CSS (plain.css), so that a page whose first screen is plain (the
 * gallery) needs none of MUI for it; pages drawn with MUI look the same inside it.
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
