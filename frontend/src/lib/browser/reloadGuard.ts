import { RELOAD_GUARD_MS } from '@/config/constants';
import { readItem, STORAGE_KEYS, writeItem } from '@/lib/storage/storage';

/**
 * Reloads the page unless it was already reloaded this way in the last RELOAD_GUARD_MS, so that a
 * deploy that keeps failing cannot trap the browser in a reload loop. Answers whether it reloads.
 */
export function reloadOnce(
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = Number(readItem('session', STORAGE_KEYS.lastAutoReload) ?? Number.NaN);
  if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  writeItem('session', STORAGE_KEYS.lastAutoReload, String(now));
  // Without working storage there is no guard, and no guard means no automatic reload.
  if (readItem('session', STORAGE_KEYS.lastAutoReload) !== String(now)) return false;
  reload();
  return true;
}

/** True for the errors browsers raise when a code chunk of an older build is gone. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
