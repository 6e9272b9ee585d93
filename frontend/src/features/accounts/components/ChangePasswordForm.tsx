import { useAppDispatch } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { TextField } from '@/components/ui/fields';
import { useChangePasswordMutation } from '../api/accountsApi';
import { useAccountForm } from '@/components/form/useAccountForm';
import { PASSWORD_HINT } from '../passwordRules';
import { NewPasswordFields } from './NewPasswordFields';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';

/** Changes the password of the signed-in customer; this session stays signed in. */
export function ChangePasswordForm() {
  const form = useAccountForm({ currentPassword: '', password: '', repeatedPassword: '' });
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const dispatch = useAppDispatch();

  const submit = async () => {
    try {
      const { message } = await changePassword(form.values).unwrap();
      form.reset();
      dispatch(messageShown(message, 'success'));
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <AccountForm label="Change password" form={form} onSubmit={submit}>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.textField('currentPassword')}
      />
      <NewPasswordFields
        password={form.textField('password', PASSWORD_HINT)}
        repeated={form.textField('repeatedPassword')}
      />
      <SubmitButton loading={isLoading}>Change password</SubmitButton>
    </AccountForm>
  );
}
