import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusNewPage } from '@/lib/browser/focus';
import { subscribeToPageTitle } from '@/hooks/usePageTitle';

/**
 * After a change of page, once the new page has set its title: announces the title (politely) and
 * moves the focus to the page's heading (unless the page focused a field of its own), as a full
 * page load would let a screen reader start there. The first page is left alone: the browser
 * announces it itself.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const shownPath = useRef(pathname);
  const awaitingTitle = useRef(false);

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    awaitingTitle.current = true;
  }, [pathname]);

  useEffect(
    () =>
      subscribeToPageTitle((title) => {
        if (!awaitingTitle.current) return;
        awaitingTitle.current = false;
        setAnnouncement(title);
        focusNewPage();
      }),
    [],
  );

  return (
    // No status role: pages have status regions of their own (result counts, progress).
    // Read by screen readers, invisible on screen.
    <div aria-live="polite" aria-atomic="true" className="visually-hidden">
      {announcement}
    </div>
  );
}
