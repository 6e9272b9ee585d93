import { useEffect } from 'react';
import { HEAD_UPDATE_DEBOUNCE_MS } from '@/config/constants';

const SITE_NAME = 'Artshop';

/**
 * Sets the document title. Debounced, so that a page rendering through several states in a row
 * (loading, then loaded) changes the title once.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.title = title === '' ? SITE_NAME : `${title} | ${SITE_NAME}`;
    }, HEAD_UPDATE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [title]);
}
