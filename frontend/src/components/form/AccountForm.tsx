import type { ReactNode, Ref } from 'react';
import { useNavigationPending } from '@/hooks/useNavigationPending';
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
 *
 * While the router is on its way to another page (its code still loading, the address already
 * changed) the form is disabled: what is typed into a page that is leaving would be lost with it,
 * as a password typed into the sign-up form while the log-in page loads.
 */
export function AccountForm({ label, form, formRef, onSubmit, children }: AccountFormProps) {
  const leaving = useNavigationPending();
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
      {/* Only groups the fields: the form's column lays them out. */}
      <fieldset className="account-form__fields" disabled={leaving}>
        {form !== undefined && <FormErrorAlert messages={form.generalMessages} />}
        {children}
      </fieldset>
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
