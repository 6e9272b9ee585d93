import { useState } from 'react';
import { useLocation } from 'react-router';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { TextField } from '@/components/ui/fields';
import { useAccountForm } from '@/components/form/useAccountForm';
import { useSignIn } from '../hooks/useSignIn';
import { destinationAfterLogin, readLoginPageState } from '../loginPageState';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { FormLinks } from './FormLinks';

export default function LoginPage() {
  const { from, notice, email = '' } = readLoginPageState(useLocation().state);
  const form = useAccountForm({ email, password: '' });
  const { signIn, isSigningIn } = useSignIn();
  // The notice of the step before (account created, password reset) is about what happened then:
  // once the customer tries to log in, only what this attempt says stays on screen.
  const [attempted, setAttempted] = useState(false);

  const submit = async () => {
    setAttempted(true);
    try {
      await signIn(form.values, destinationAfterLogin(from));
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <Page title="Log in" maxWidth="sm">
      {notice !== undefined && !attempted && (
        <Alert severity="success" className="mb-3">
          {notice}
        </Alert>
      )}
      <AccountForm form={form} onSubmit={submit}>
        <TextField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          // Coming from signing up or a reset, the e-mail is filled in: the password is next.
          autoFocus={email !== ''}
          {...form.textField('password')}
        />
        <SubmitButton loading={isSigningIn}>Log in</SubmitButton>
      </AccountForm>
      <FormLinks
        links={[
          { to: '/forgot-password', label: 'Forgot your password?' },
          { to: '/sign-up', label: 'New to Artshop? Create an account' },
        ]}
      />
    </Page>
  );
}
