import type { TextFieldBinding } from '@/components/form/useAccountForm';
import { TextField } from '@/components/ui/fields';
import type { Currency } from '@/config/constants';

/** Why staff do it: the server keeps 1 to 500 characters with the audit record. */
export function ReasonField(binding: TextFieldBinding) {
  return <TextField label="Reason" multiline minRows={2} maxLength={500} {...binding} />;
}

/** An amount typed by staff in `currency`, read by readAmount (components/money.ts). */
export function AmountField({ currency, ...binding }: TextFieldBinding & { currency: Currency }) {
  return (
    <TextField label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" {...binding} />
  );
}
