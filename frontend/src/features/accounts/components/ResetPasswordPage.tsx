import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/Page';
import { TextField } from '@/components/ui/fields';
import { useResetPasswordMutation } from '../api/accountsApi';
import { useAccountForm } from '@/components/form/useAccountForm';
import type { LoginPageState } from '../loginPageState';
import { PASSWORD_HINT } from '../passwordRules';
import { NewPasswordFields } from './NewPasswordFields';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { FormLinks } from './FormLinks';

/** Opened from the link in the reset mail, which carries `?email=...&code=...`. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const form = useAccountForm({
    email: searchParams.get('email') ?? '',
    code: searchParams.get('code') ?? '',
    password: '',
    repeatedPassword: '',
  });
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  const submit = async () => {
    try {
      // A reset does not sign in (DESIGN.md section 5): the customer logs in with the new password.
      const { message } = await resetPassword(form.values).unwrap();
      const state: LoginPageState = { notice: message, email: form.values.email.trim() };
      await navigate('/login', { state, replace: true });
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <Page title="Reset password" maxWidth="sm">
      <p className="type-body1 mb-3">
        Enter the code from the e-mail we sent you and choose a new password.
      </p>
      <AccountForm form={form} onSubmit={submit}>
        <TextField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} />
        <TextField
          label="Code"
          autoComplete="one-time-code"
          {...form.textField('code', 'The 8-character code from the e-mail.')}
        />
        <NewPasswordFields
          password={form.textField('password', PASSWORD_HINT)}
          repeated={form.textField('repeatedPassword')}
        />
        <SubmitButton loading={isLoading}>Set the new password</SubmitButton>
      </AccountForm>
      <FormLinks
        links={[
          { to: '/forgot-password', label: 'No code, or it expired? Ask for a new one' },
          { to: '/login', label: 'Back to log in' },
        ]}
      />
    </Page>
  );
}
