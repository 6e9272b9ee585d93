import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { TextField } from '@/components/ui/fields';
import { ROLE_LABELS, type SetupInfo, type SetupResult } from '../../api/types';
import { CopyButton } from '../../components/CopyButton';
import { useCompleteSetupMutation } from './setupApi';

/** The secret as authenticator apps print it: groups of four, easier to type by hand. */
function groupedInFours(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

interface SetupFormProps {
  token: string;
  setup: SetupInfo;
  onDone: (result: SetupResult) => void;
}

export function SetupForm({ token, setup, onDone }: SetupFormProps) {
  const form = useAccountForm({ password: '', code: '' });
  const [completeSetup, { isLoading }] = useCompleteSetupMutation();

  const submit = async () => {
    const { password, code } = form.values;
    try {
      onDone(
        await completeSetup({
          token,
          code,
          ...(setup.needsPassword ? { password } : {}),
        }).unwrap(),
      );
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <>
      <p className="mb-3">
        For <strong>{setup.email}</strong>, as {ROLE_LABELS[setup.role]}.
      </p>
      <AccountForm form={form} onSubmit={submit}>
        {setup.needsPassword && (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...form.textField(
              'password',
              'Your account has no password yet: choose one. It also signs you in to the shop.',
            )}
          />
        )}
        <h2 className="type-h6">Your authenticator app</h2>
        <p>
          Add your account to an authenticator app on your phone:{' '}
          <a href={setup.otpauthUrl} className="text-link">
            Open in an authenticator app
          </a>
          , or type this key into it:
        </p>
        <p className="admin-copy">
          <code className="code admin-code">{groupedInFours(setup.secret)}</code>
          <CopyButton text={setup.secret} label="Copy the key" />
        </p>
        <TextField
          label="Code from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          monospace
          {...form.textField('code', 'The six digits the app shows for Artshop now.')}
        />
        <SubmitButton loading={isLoading}>Finish set-up</SubmitButton>
      </AccountForm>
    </>
  );
}
