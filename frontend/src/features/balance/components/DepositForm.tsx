import { useAppSelector } from '@/app/hooks';
import { TextField } from '@/components/ui/fields';
import { DEPOSIT_MAX_EUR_CENTS, DEPOSIT_MIN_EUR_CENTS } from '@/config/constants';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { PayerFields } from '@/components/form/BillingFields';
import { missingCheckoutAgreement } from '@/components/form/checkoutAgreement';
import { useAccountForm } from '@/components/form/useAccountForm';
import { billingDetailsOf } from '@/types/billing';
import { useSaveAsBilling, type Profile } from '@/features/accounts';
import { usePaymentCheckout } from '@/hooks/usePaymentCheckout';
import { localValidationError } from '@/lib/api/apiError';
import { browserInfo } from '@/lib/browser/browserInfo';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';
import { usePlaceDepositMutation } from '../api/balanceApi';
import { boundsRule, checkAmount } from '../amountRules';

const DEPOSIT_BOUNDS = { min: DEPOSIT_MIN_EUR_CENTS, max: DEPOSIT_MAX_EUR_CENTS };

/**
 * Tops the balance up through the payment provider (POST /api/balance/deposit): the customer is
 * sent to its payment page and comes back to /balance?deposit={id}.
 */
export function DepositForm({ profile }: { profile: Profile }) {
  const currency = useAppSelector(selectCurrency);
  const form = useAccountForm({
    depositAmount: '',
    ...billingDetailsOf(profile),
    agreedToPP_TOS: false,
  });
  const saveAsBilling = useSaveAsBilling(profile, form.values);
  const [placeDeposit, { isLoading }] = usePlaceDepositMutation();
  const { checkout, paymentLink } = usePaymentCheckout();

  const submit = async () => {
    const checked = checkAmount(form.values.depositAmount, currency, DEPOSIT_BOUNDS);
    if ('message' in checked) {
      form.showErrors(localValidationError({ depositAmount: [checked.message] }));
      return;
    }
    const refused = missingCheckoutAgreement(form.values.agreedToPP_TOS);
    if (refused !== null) {
      form.showErrors(refused);
      return;
    }
    const payload = { ...form.values, depositAmount: checked.amount, currency };
    try {
      await checkout({
        label: 'Deposit',
        payload,
        prepare: saveAsBilling.saveIfChosen,
        send: (idempotencyKey) =>
          placeDeposit({ body: { ...payload, ...browserInfo() }, idempotencyKey }).unwrap(),
      });
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <AccountForm label="Top up your balance" form={form} onSubmit={submit}>
      <TextField
        label={`Deposit amount (${currency})`}
        autoComplete="off"
        inputMode="decimal"
        {...form.textField('depositAmount', boundsRule(DEPOSIT_BOUNDS, currency))}
      />
      <PayerFields
        field={form.textField}
        onCountryChange={(code) => form.setValue('country', code)}
        agreed={form.values.agreedToPP_TOS}
        onAgreedChange={(checked) => form.setValue('agreedToPP_TOS', checked)}
        agreementMessage={form.fieldMessages.agreedToPP_TOS}
        saveAsBilling={saveAsBilling.option}
      />
      <SubmitButton loading={isLoading || paymentLink !== null}>Continue to payment</SubmitButton>
    </AccountForm>
  );
}
