import { Alert } from '@/components/ui/Alert';
import { Stack } from '@/components/ui/Stack';
import { CopyButton } from '../../components/CopyButton';

/** A set-up link just made: the only time it is shown, so with a button that copies it. */
export function SetupLinkMade({ email, link }: { email: string; link: string }) {
  return (
    <Stack gap={2}>
      <Alert severity="success">Set-up link made for {email}.</Alert>
      <p>
        Send it to them yourself. It works once, for 24 hours, and is shown only now: a new one can
        be made from the list at any time.
      </p>
      <p>
        <code className="code admin-code">{link}</code>
      </p>
      <div>
        <CopyButton text={link} label="Copy the link" />
      </div>
    </Stack>
  );
}
