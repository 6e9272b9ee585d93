import { useAppDispatch } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { Page } from '@/components/Page';
import { useUpdateBillingMutation } from '../api/accountsApi';
import type { Billing } from '../api/types';
import { useAccountForm } from '@/components/form/useAccountForm';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { BillingAddressFields } from '@/components/form/BillingFields';
import { WithProfile } from './WithProfile';

export default function BillingInformationPage() {
  return (
    <Page title="Billing information" maxWidth="sm">
      <p className="type-body1 mb-3">
        We put this address on your invoices and fill it in when you check out.
      </p>
      <WithProfile>{(profile) => <BillingForm billing={profile.billing} />}</WithProfile>
    </Page>
  );
}

/** The billing address, saved with POST /api/accounts/update-billing. */
function BillingForm({ billing }: { billing: Billing }) {
  const form = useAccountForm({ ...billing });
  const [updateBilling, { isLoading }] = useUpdateBillingMutation();
  const dispatch = useAppDispatch();

  const submit = async () => {
    try {
      await updateBilling(form.values).unwrap();
      dispatch(messageShown('Your billing information has been saved.', 'success'));
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <AccountForm label="Billing information" form={form} onSubmit={submit}>
      <BillingAddressFields
        field={form.textField}
        onCountryChange={(code) => form.setValue('country', code)}
      />
      <SubmitButton loading={isLoading}>Save billing information</SubmitButton>
    </AccountForm>
  );
}
