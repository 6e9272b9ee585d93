import { readItem, removeItem, STORAGE_KEYS, writeItem } from '@/lib/storage/storage';
import type { AuthTokens } from '@/types/auth';

/** Tokens set by this client live in session storage; older sessions may have left them in local storage. */
export function loadStoredTokens(): { accessToken: string | null; refreshToken: string | null } {
  return {
    accessToken: readToken(STORAGE_KEYS.accessToken),
    refreshToken: readToken(STORAGE_KEYS.refreshToken),
  };
}

function readToken(key: typeof STORAGE_KEYS.accessToken | typeof STORAGE_KEYS.refreshToken) {
  const value = readItem('session', key) ?? readItem('local', key);
  return value === null || value === '' ? null : value;
}

export function storeTokens(tokens: AuthTokens): void {
  writeItem('session', STORAGE_KEYS.accessToken, tokens.accessToken);
  writeItem('session', STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function clearStoredTokens(): void {
  for (const area of ['session', 'local'] as const) {
    removeItem(area, STORAGE_KEYS.accessToken);
    removeItem(area, STORAGE_KEYS.refreshToken);
  }
}
