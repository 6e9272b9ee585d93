import { useEffect } from 'react';
import { HEAD_UPDATE_DEBOUNCE_MS } from '@/config/constants';

const SITE_NAME = 'Artshop';

type TitleListener = (documentTitle: string) => void;
const titleListeners = new Set<TitleListener>();

/** Calls `listener` with every document title a page sets; answers a function that unsubscribes. */
export function subscribeToPageTitle(listener: TitleListener): () => void {
  titleListeners.add(listener);
  return () => titleListeners.delete(listener);
}

/**
 * Sets the document title. Debounced, so that a page rendering through several states in a row
 * (loading, then loaded) changes the title once.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.title = title === '' ? SITE_NAME : `${title} | ${SITE_NAME}`;
      for (const listener of titleListeners) listener(document.title);
    }, HEAD_UPDATE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [title]);
}
