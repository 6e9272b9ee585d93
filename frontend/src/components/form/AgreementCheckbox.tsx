import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface AgreementCheckboxProps {
  /** The payload field it sets, so that the server's message about it lands here. */
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The server's message about this field. */
  message?: string;
  /** The sentence the customer agrees to, with links made by `PolicyLink`. */
  children: ReactNode;
}

/** A required agreement: a checkbox whose label links to the documents agreed to. */
export function AgreementCheckbox({
  name,
  checked,
  onChange,
  message,
  children,
}: AgreementCheckboxProps) {
  const messageId = useId();
  return (
    <FormControl error={message !== undefined}>
      <FormControlLabel
        control={
          <Checkbox
            name={name}
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': message !== undefined,
                'aria-describedby': message === undefined ? undefined : messageId,
              },
            }}
          />
        }
        label={children}
      />
      {message !== undefined && <FormHelperText id={messageId}>{message}</FormHelperText>}
    </FormControl>
  );
}

/** A link to a legal page inside an agreement's label. */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  // A new tab, so that reading the document does not lose what was typed in the form.
  return (
    <Link component={RouterLink} to={to} target="_blank" rel="noopener">
      {children}
    </Link>
  );
}

interface CheckoutAgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  message?: string;
}

/** The agreement every payment asks for: `agreedToPP_TOS` of the order and deposit payloads. */
export function CheckoutAgreement(props: CheckoutAgreementProps) {
  return (
    <AgreementCheckbox name="agreedToPP_TOS" {...props}>
      I agree to the <PolicyLink to="/privacy-policy">privacy policy</PolicyLink> and the{' '}
      <PolicyLink to="/terms-and-conditions">terms and conditions</PolicyLink>
    </AgreementCheckbox>
  );
}
