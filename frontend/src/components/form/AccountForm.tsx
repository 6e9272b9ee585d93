import type { ReactNode, Ref } from 'react';
import { FormErrorAlert } from '@/components/form/FormErrorAlert';
import { Button } from '@/components/ui/Button';
import type { FormFrame } from './useAccountForm';

interface AccountFormProps {
  /** Names the form for assistive technology when a page holds more than one. */
  label?: string;
  /** The form's state from useAccountForm: its element and its general messages. */
  form?: FormFrame;
  /** For forms that keep their general messages themselves. */
  formRef?: Ref<HTMLFormElement>;
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}

/**
 * The one-column form of every account page. The browser's own checks are off: the server's
 * messages are the ones shown, under the fields they concern, and the general ones above them.
 */
export function AccountForm({ label, form, formRef, onSubmit, children }: AccountFormProps) {
  return (
    <form
      className="account-form"
      ref={form?.formRef ?? formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        form?.clearGeneralMessages();
        void onSubmit();
      }}
    >
      {form !== undefined && <FormErrorAlert messages={form.generalMessages} />}
      {children}
    </form>
  );
}

/** Disabled with a progress indicator while its call runs (the loading flags of SPEC.md section 4). */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      loading={loading}
      className="account-form__submit"
    >
      {children}
    </Button>
  );
}
