import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Page } from '@/components/Page';
import { useRegisterMutation } from '../api/accountsApi';
import { useAccountForm } from '../hooks/useAccountForm';
import type { LoginPageState } from '../loginPageState';
import { PASSWORD_HINT } from '../passwordRules';
import { NewPasswordFields } from './NewPasswordFields';
import { AccountForm, SubmitButton } from './AccountForm';
import { FormLinks } from './FormLinks';

const ACCOUNT_CREATED_NOTICE =
  'Your account has been created. Log in with your e-mail and password.';

export default function SignUpPage() {
  const form = useAccountForm({
    email: '',
    password: '',
    repeatedPassword: '',
    agreedToPrivacyPolicy: false,
  });
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  const agreementMessageId = useId();
  const agreementMessage = form.fieldMessages.agreedToPrivacyPolicy;

  const submit = async () => {
    try {
      // Registering does not sign in (DESIGN.md section 5): the customer logs in next.
      const { email } = await register(form.values).unwrap();
      const state: LoginPageState = { notice: ACCOUNT_CREATED_NOTICE, email };
      await navigate('/login', { state, replace: true });
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <Page title="Sign up" maxWidth="sm">
      <AccountForm label="Sign up" formRef={form.formRef} onSubmit={submit}>
        <TextField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} />
        <NewPasswordFields
          label="Password"
          password={form.textField('password', PASSWORD_HINT)}
          repeated={form.textField('repeatedPassword')}
        />
        <FormControl error={agreementMessage !== undefined}>
          <FormControlLabel
            control={
              <Checkbox
                name="agreedToPrivacyPolicy"
                checked={form.values.agreedToPrivacyPolicy}
                onChange={(event) => form.setValue('agreedToPrivacyPolicy', event.target.checked)}
                slotProps={{
                  input: {
                    'aria-invalid': agreementMessage !== undefined,
                    'aria-describedby':
                      agreementMessage === undefined ? undefined : agreementMessageId,
                  },
                }}
              />
            }
            label={
              <>
                I agree to the{' '}
                {/* A new tab, so that reading the policy does not lose what was typed here. */}
                <Link component={RouterLink} to="/privacy-policy" target="_blank" rel="noopener">
                  privacy policy
                </Link>
              </>
            }
          />
          {agreementMessage !== undefined && (
            <FormHelperText id={agreementMessageId}>{agreementMessage}</FormHelperText>
          )}
        </FormControl>
        <SubmitButton loading={isLoading}>Create account</SubmitButton>
      </AccountForm>
      <FormLinks links={[{ to: '/login', label: 'Already have an account? Log in' }]} />
    </Page>
  );
}
