import type { Billing, NamesUpdate, Profile } from './api/types';

/** The billing details a checkout sends (names and address), as the profile holds them. */
export type BillingDetails = NamesUpdate & Billing;

export function billingDetailsOf(profile: Profile): BillingDetails {
  return { firstName: profile.firstName, lastName: profile.lastName, ...profile.billing };
}
