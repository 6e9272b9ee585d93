import { useAppDispatch } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { useUpdateProfileMutation } from '../api/accountsApi';
import type { NamesUpdate } from '../api/types';
import { useAccountForm } from '@/components/form/useAccountForm';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { NameFields } from '@/components/form/BillingFields';

/** First and last name, saved with POST /api/accounts/update. */
export function NamesForm({ profile }: { profile: NamesUpdate }) {
  const form = useAccountForm({ firstName: profile.firstName, lastName: profile.lastName });
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();

  const submit = async () => {
    try {
      await updateProfile(form.values).unwrap();
      dispatch(messageShown('Your name has been saved.', 'success'));
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <AccountForm label="Your name" form={form} onSubmit={submit}>
      <NameFields field={form.textField} />
      <SubmitButton loading={isLoading}>Save name</SubmitButton>
    </AccountForm>
  );
}
