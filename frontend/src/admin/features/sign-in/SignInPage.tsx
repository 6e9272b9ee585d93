import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { TextField } from '@/components/ui/fields';
import { useKeepSession, useSignInMutation } from '../../api/sessionApi';
import { destinationAfterSignIn } from '../../paths';

function sessionEndedBefore(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sessionEnded' in state
    ? state.sessionEnded === true
    : false;
}

/**
 * Signing in to the back office: the account's password and a code from the authenticator app
 * (or one recovery code). Then the page the member was on (`?next=`), else the back office's home.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const sessionEnded = sessionEndedBefore(useLocation().state);
  const navigate = useNavigate();
  const form = useAccountForm({ email: '', password: '', code: '' });
  const [signIn, { isLoading }] = useSignInMutation();
  const keepSession = useKeepSession();

  const submit = async () => {
    try {
      keepSession(await signIn(form.values).unwrap());
      void navigate(destinationAfterSignIn(params.get('next')), { replace: true });
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <Page title="Sign in to the back office" maxWidth="sm">
      {sessionEnded && form.generalMessages.length === 0 && (
        <Alert severity="info" className="mb-3">
          Your back-office session has ended. Sign in again to go on where you were.
        </Alert>
      )}
      <AccountForm form={form} onSubmit={submit}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          {...form.textField('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.textField('password')}
        />
        <TextField
          label="Code from your authenticator app or a recovery code"
          autoComplete="one-time-code"
          monospace
          {...form.textField('code')}
        />
        <SubmitButton loading={isLoading}>Sign in</SubmitButton>
      </AccountForm>
    </Page>
  );
}
