import { TextField } from '@/components/ui/fields';
import type { TextFieldBinding } from '@/components/form/useAccountForm';

interface NewPasswordFieldsProps {
  password: TextFieldBinding;
  repeated: TextFieldBinding;
  /** "New password" where an old one exists; "Password" on sign-up. */
  label?: string;
}

/** A new password and its repetition: sign-up, reset and change ask for them alike. */
export function NewPasswordFields({
  password,
  repeated,
  label = 'New password',
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" {...password} />
      <TextField
        label={`Repeat the ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        {...repeated}
      />
    </>
  );
}
