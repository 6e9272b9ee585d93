import { Check } from '@/components/ui/choices';
import { TextField } from '@/components/ui/fields';
import { CheckoutAgreement } from './AgreementCheckbox';
import type { Billing, BillingDetails, NamesUpdate } from '@/types/billing';
import { CountryField } from './CountryField';
import type { TextFieldBinding } from './useAccountForm';

/** First and last name, as the account page and the checkouts ask for them. */
export function NameFields({ field }: { field: (name: keyof NamesUpdate) => TextFieldBinding }) {
  return (
    <>
      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
    </>
  );
}

interface BillingAddressFieldsProps {
  /** The form's binding of each field (`useAccountForm().textField`). */
  field: (name: keyof Billing) => TextFieldBinding;
  onCountryChange: (code: string) => void;
}

/** The billing address, as the billing page and the checkouts ask for it. */
export function BillingAddressFields({ field, onCountryChange }: BillingAddressFieldsProps) {
  const country = field('country');
  return (
    <>
      <CountryField
        value={country.value}
        onChange={onCountryChange}
        error={country.error}
        helperText={country.helperText}
      />
      <TextField
        label="State, province or region (optional)"
        autoComplete="address-level1"
        {...field('state')}
      />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label="Address" autoComplete="address-line1" {...field('address1')} />
      <TextField label="ZIP or postal code" autoComplete="postal-code" {...field('zipCode')} />
    </>
  );
}

interface PayerFieldsProps {
  /** The form's binding of each field (`useAccountForm().textField`). */
  field: (name: keyof BillingDetails) => TextFieldBinding;
  onCountryChange: (code: string) => void;
  agreed: boolean;
  onAgreedChange: (checked: boolean) => void;
  agreementMessage: string | undefined;
  /** Offered when the address typed is not the saved one (`useSaveAsBilling().option`). */
  saveAsBilling?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
}

/** Who pays, their billing address and the agreement to the policies: what both checkouts ask. */
export function PayerFields(props: PayerFieldsProps) {
  return (
    <>
      <NameFields field={props.field} />
      <BillingAddressFields field={props.field} onCountryChange={props.onCountryChange} />
      {props.saveAsBilling !== undefined && (
        <Check
          name="saveAsBilling"
          checked={props.saveAsBilling.checked}
          onChange={props.saveAsBilling.onChange}
          label="Save as my billing information"
        />
      )}
      <CheckoutAgreement
        checked={props.agreed}
        onChange={props.onAgreedChange}
        message={props.agreementMessage}
      />
    </>
  );
}
