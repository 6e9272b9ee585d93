import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode, Ref } from 'react';

interface AccountFormProps {
  /** Names the form for assistive technology when a page holds more than one. */
  label?: string;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}

/**
 * The one-column form of every account page. The browser's own checks are off: the server's
 * messages are the ones shown, under the fields they concern.
 */
export function AccountForm({ label, formRef, onSubmit, children }: AccountFormProps) {
  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {children}
    </Box>
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
      sx={{ alignSelf: { sm: 'flex-start' } }}
    >
      {children}
    </Button>
  );
}
