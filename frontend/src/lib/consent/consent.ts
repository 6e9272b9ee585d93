import { readItem, readJson, STORAGE_KEYS, writeItem, writeJson } from '@/lib/storage/storage';

/**
 * The cookie categories of the consent choice (SPEC.md section 3). What the shop keeps in the
 * browser, by category:
 * - essential, always on: the sign-in tokens, the cart and gift card, the display currency (the
 *   cart's prices are quoted in it), the reload guard and the consent choice itself;
 * - preferences: the `locale` cookie;
 * - statistics: nothing at present.
 * Whatever is not essential is written only once its category is granted.
 */
export const CONSENT_CATEGORIES = ['essential', 'preferences', 'statistics'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type OptionalConsentCategory = Exclude<ConsentCategory, 'essential'>;
export const OPTIONAL_CONSENT_CATEGORIES: readonly OptionalConsentCategory[] = [
  'preferences',
  'statistics',
];

export interface ConsentChoice {
  granted: ConsentCategory[];
  rejected: ConsentCategory[];
}

function isCategoryList(value: unknown): value is ConsentCategory[] {
  return (
    Array.isArray(value) &&
    value.every((item) => (CONSENT_CATEGORIES as readonly unknown[]).includes(item))
  );
}

/** The choice that grants exactly the given optional categories (essential is always granted). */
export function consentChoice(granted: readonly OptionalConsentCategory[]): ConsentChoice {
  return {
    granted: ['essential', ...OPTIONAL_CONSENT_CATEGORIES.filter((c) => granted.includes(c))],
    rejected: OPTIONAL_CONSENT_CATEGORIES.filter((c) => !granted.includes(c)),
  };
}

/** The stored choice, or null while the visitor has not decided (or storage lost it). */
export function storedConsentChoice(): ConsentChoice | null {
  if (readItem('local', STORAGE_KEYS.acceptedPrivacy) !== 'true') return null;
  const granted = readJson('local', STORAGE_KEYS.grantedConsents, isCategoryList);
  const rejected = readJson('local', STORAGE_KEYS.rejectedConsents, isCategoryList);
  if (granted === null || rejected === null) return null;
  return { granted, rejected };
}

export function storeConsentChoice(choice: ConsentChoice): void {
  writeJson('local', STORAGE_KEYS.grantedConsents, choice.granted);
  writeJson('local', STORAGE_KEYS.rejectedConsents, choice.rejected);
  writeItem('local', STORAGE_KEYS.acceptedPrivacy, 'true');
}

export function isConsentGranted(category: ConsentCategory): boolean {
  if (category === 'essential') return true;
  return storedConsentChoice()?.granted.includes(category) ?? false;
}
