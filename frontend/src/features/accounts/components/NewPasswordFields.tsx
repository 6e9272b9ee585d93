import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';

/** The props `useAccountForm().textField(...)` gives a text field. */
interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: boolean;
  helperText: string | undefined;
}

interface NewPasswordFieldsProps {
  password: BoundField;
  repeated: BoundField;
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
