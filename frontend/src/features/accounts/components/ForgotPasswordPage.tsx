import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/Page';
import { useForgotPasswordMutation } from '../api/accountsApi';
import { useAccountForm } from '../hooks/useAccountForm';
import { AccountForm, SubmitButton } from './AccountForm';
import { FormLinks } from './FormLinks';

interface SentCode {
  /** The server's answer, the same for every address (DESIGN.md section 5). */
  message: string;
  email: string;
}

export default function ForgotPasswordPage() {
  const form = useAccountForm({ email: '' });
  const [sendCode, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<SentCode | null>(null);

  const submit = async () => {
    try {
      const { message } = await sendCode(form.values).unwrap();
      setSent({ message, email: form.values.email.trim() });
    } catch (error) {
      form.showErrors(error);
    }
  };

  if (sent !== null) {
    return (
      <Page title="Forgot password" maxWidth="sm">
        <Alert severity="success" sx={{ mb: 3 }}>
          {sent.message}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            component={RouterLink}
            to={`/reset-password?${new URLSearchParams({ email: sent.email }).toString()}`}
            variant="contained"
          >
            Enter the code
          </Button>
          <Button onClick={() => setSent(null)}>Send the code again</Button>
        </Stack>
      </Page>
    );
  }

  return (
    <Page title="Forgot password" maxWidth="sm">
      <Typography sx={{ mb: 3 }}>
        Enter the e-mail address of your account. We will send it a code to set a new password.
      </Typography>
      <AccountForm formRef={form.formRef} onSubmit={submit}>
        <TextField label="E-mail" type="email" autoComplete="email" {...form.textField('email')} />
        <SubmitButton loading={isLoading}>Send the code</SubmitButton>
      </AccountForm>
      <FormLinks
        links={[
          { to: '/reset-password', label: 'Already have a code? Set a new password' },
          { to: '/login', label: 'Back to log in' },
        ]}
      />
    </Page>
  );
}
