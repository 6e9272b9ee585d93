import { useEffect, useRef, useState } from 'react';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { TextField } from '@/components/ui/fields';
import { Stack } from '@/components/ui/Stack';
import { useForgotPasswordMutation } from '../api/accountsApi';
import { useAccountForm } from '@/components/form/useAccountForm';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
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
  // The form (and the button that had the focus) gives way to the answer, and back again: the
  // focus follows, so that it is never left on the page's <body>.
  const answerRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (sent !== null) answerRef.current?.focus();
    else if (answered) emailRef.current?.focus();
  }, [sent, answered]);

  const submit = async () => {
    try {
      const { message } = await sendCode(form.values).unwrap();
      setSent({ message, email: form.values.email.trim() });
      setAnswered(true);
    } catch (error) {
      form.showErrors(error);
    }
  };

  if (sent !== null) {
    return (
      <Page title="Forgot password" maxWidth="sm">
        <Alert ref={answerRef} tabIndex={-1} severity="success" className="mb-3">
          {sent.message}
        </Alert>
        <Stack direction="responsive" gap={2}>
          <ButtonLink
            to={`/reset-password?${new URLSearchParams({ email: sent.email }).toString()}`}
            variant="contained"
          >
            Enter the code
          </ButtonLink>
          <Button onClick={() => setSent(null)}>Send the code again</Button>
        </Stack>
      </Page>
    );
  }

  return (
    <Page title="Forgot password" maxWidth="sm">
      <p className="type-body1 mb-3">
        Enter the e-mail address of your account. We will send it a code to set a new password.
      </p>
      <AccountForm form={form} onSubmit={submit}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputRef={emailRef}
          {...form.textField('email')}
        />
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
