/** A customer's first and last name, as the profile and the checkouts hold them. */
export interface NamesUpdate {
  firstName: string;
  lastName: string;
}

export interface Billing {
  /** ISO 3166-1 alpha-2 code; empty while unset. */
  country: string;
  state: string;
  city: string;
  address1: string;
  zipCode: string;
}

/** The billing details a checkout sends (names and address), as the profile holds them. */
export type BillingDetails = NamesUpdate & Billing;

/** The billing details of a profile. */
export function billingDetailsOf(profile: NamesUpdate & { billing: Billing }): BillingDetails {
  return { firstName: profile.firstName, lastName: profile.lastName, ...profile.billing };
}
