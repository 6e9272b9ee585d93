/**
 * Every key the shop keeps in the browser (SPEC.md section 3), and access that never throws:
 * storage can be disabled or full, and the shop must still work without it.
 */
export const STORAGE_KEYS = {
  cart: 'cart',
  giftCard: 'gift-card',
  accessToken: 'jwtToken',
  refreshToken: 'refreshToken',
  acceptedPrivacy: 'accepted-privacy',
  /** The cookie categories the visitor allowed and refused (JSON arrays), see consent.ts. */
  grantedConsents: 'granted-consents',
  rejectedConsents: 'rejected-consents',
  currency: 'currency',
  orders: 'orders',
  /** Time of the last automatic reload (session storage), see reloadGuard.ts. */
  lastAutoReload: 'last-auto-reload',
  /** The back office's staff token (session storage), read only by its own chunk (src/admin). */
  staffSession: 'staff-session',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage {
  return which === 'local' ? window.localStorage : window.sessionStorage;
}

export function readItem(which: StorageArea, key: StorageKey): string | null {
  try {
    return area(which).getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(which: StorageArea, key: StorageKey, value: string): void {
  try {
    area(which).setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the in-memory state still holds the value.
  }
}

export function removeItem(which: StorageArea, key: StorageKey): void {
  try {
    area(which).removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Parses a stored JSON value, answering null for anything missing, corrupt or of the wrong shape. */
export function readJson<T>(
  which: StorageArea,
  key: StorageKey,
  isExpectedShape: (value: unknown) => value is T,
): T | null {
  const raw = readItem(which, key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isExpectedShape(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(which: StorageArea, key: StorageKey, value: unknown): void {
  writeItem(which, key, JSON.stringify(value));
}
