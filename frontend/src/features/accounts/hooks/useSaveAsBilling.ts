import { useState } from 'react';
import { useUpdateBillingMutation } from '../api/accountsApi';
import type { Billing, Profile } from '../api/types';

const BILLING_FIELDS = ['country', 'state', 'city', 'address1', 'zipCode'] as const;

/** The address alone, without the names and the rest of the checkout's values. */
function billingOf({ country, state, city, address1, zipCode }: Billing): Billing {
  return { country, state, city, address1, zipCode };
}

/**
 * "Save as my billing information" of the checkouts: offered once the address typed differs from
 * the saved one, and saved (POST /api/accounts/update-billing) before the payment is sent, so that
 * the next checkout starts from it. A refused address stops the payment with the server's
 * messages under the fields, like a refused order.
 */
export function useSaveAsBilling(profile: Profile, values: Billing) {
  const [chosen, setChosen] = useState(false);
  const [updateBilling] = useUpdateBillingMutation();
  const offered = BILLING_FIELDS.some((name) => values[name].trim() !== profile.billing[name]);

  return {
    /** What PayerFields' `saveAsBilling` takes; undefined while there is nothing new to save. */
    option: offered ? { checked: chosen, onChange: setChosen } : undefined,
    /** Rejects with the call's error when the address could not be saved. */
    saveIfChosen: async (): Promise<void> => {
      if (offered && chosen) await updateBilling(billingOf(values)).unwrap();
    },
  };
}
