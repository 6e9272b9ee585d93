import { useLocation, useNavigate } from 'react-router';
import { AgreementCheckbox, PolicyLink } from '@/components/form/AgreementCheckbox';
import { Page } from '@/components/Page';
import { TextField } from '@/components/ui/fields';
import { useRegisterMutation } from '../api/accountsApi';
import { useAccountForm } from '@/components/form/useAccountForm';
import { readLoginPageState, type LoginPageState } from '../loginPageState';
import { PASSWORD_HINT } from '../passwordRules';
import { NewPasswordFields } from './NewPasswordFields';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
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
  // Sent here from a page that needs an account: the log-in that follows returns there.
  const { from } = readLoginPageState(useLocation().state);

  const submit = async () => {
    try {
      // Registering does not sign in (DESIGN.md section 5): the customer logs in next.
      const { email } = await register(form.values).unwrap();
      const state: LoginPageState = { notice: ACCOUNT_CREATED_NOTICE, email, from };
      await navigate('/login', { state, replace: true });
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <Page title="Sign up" maxWidth="sm">
      <AccountForm label="Sign up" form={form} onSubmit={submit}>
        <TextField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} />
        <NewPasswordFields
          label="Password"
          password={form.textField('password', PASSWORD_HINT)}
          repeated={form.textField('repeatedPassword')}
        />
        <AgreementCheckbox
          name="agreedToPrivacyPolicy"
          checked={form.values.agreedToPrivacyPolicy}
          onChange={(checked) => form.setValue('agreedToPrivacyPolicy', checked)}
          message={form.fieldMessages.agreedToPrivacyPolicy}
        >
          I agree to the <PolicyLink to="/privacy-policy">privacy policy</PolicyLink>
        </AgreementCheckbox>
        <SubmitButton loading={isLoading}>Create account</SubmitButton>
      </AccountForm>
      <FormLinks links={[{ to: '/login', label: 'Already have an account? Log in' }]} />
    </Page>
  );
}
