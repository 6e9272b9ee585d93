import { useEffect, useEffectEvent, useState } from 'react';

/** How far below the viewport the next page starts loading, so scrolling rarely has to wait. */
const LOOK_AHEAD = '600px 0px';

/**
 * Calls `onVisible` whenever the element given to the returned ref comes into view while `enabled`.
 * Toggling `enabled` observes afresh, so an element still in view after a page loaded fires again.
 * Without IntersectionObserver nothing happens (a "Load more" button is the fallback).
 */
export function useWhenVisible(onVisible: () => void, enabled: boolean) {
  const [target, setTarget] = useState<Element | null>(null);
  const notify = useEffectEvent(onVisible);
  useEffect(() => {
    if (!enabled || target === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) notify();
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [target, enabled]);
  return setTarget;
}
