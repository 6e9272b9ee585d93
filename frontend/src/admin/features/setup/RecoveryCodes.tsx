import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Check } from '@/components/ui/choices';
import { DownloadIcon } from '@/components/ui/icons';
import { Stack } from '@/components/ui/Stack';
import { focusPageHeading } from '@/lib/browser/focus';
import { saveFile } from '@/lib/browser/saveFile';
import { useKeepSession } from '../../api/sessionApi';
import type { SetupResult } from '../../api/types';
import { ADMIN_HOME_PATH } from '../../paths';

const RECOVERY_CODES_FILE = 'artshop-recovery-codes.txt';

function recoveryCodesText({ recoveryCodes, session }: SetupResult): string {
  return [
    `Artshop back office: recovery codes for ${session.staff.email}`,
    'Each code signs you in once, in place of the code from your authenticator app.',
    '',
    ...recoveryCodes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown this once: the member goes on only after saying they kept them.
 * The session the set-up made is kept then, not before, so that nothing asks for the used link
 * again meanwhile.
 */
export function RecoveryCodes({ result }: { result: SetupResult }) {
  const [kept, setKept] = useState(false);
  const keepSession = useKeepSession();
  const navigate = useNavigate();
  // The form that had the focus is gone: the new heading takes it.
  useEffect(focusPageHeading, []);

  return (
    <Page title="Keep your recovery codes" maxWidth="sm">
      <Alert severity="success" className="mb-3">
        Your back-office account is set up.
      </Alert>
      <p>
        When your phone is not at hand, each of these codes signs you in once, in place of the code
        from the app. They are shown only now: download them or write them down.
      </p>
      <ol className="admin-codes" aria-label="Recovery codes">
        {result.recoveryCodes.map((code) => (
          <li key={code}>
            <code className="code">{code}</code>
          </li>
        ))}
      </ol>
      <Stack gap={2} align="flex-start">
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            saveFile(
              new Blob([recoveryCodesText(result)], { type: 'text/plain' }),
              RECOVERY_CODES_FILE,
            )
          }
        >
          Download as text
        </Button>
        <Check label="I have kept these codes somewhere safe" checked={kept} onChange={setKept} />
        <Button
          variant="contained"
          size="large"
          disabled={!kept}
          onClick={() => {
            keepSession(result.session);
            void navigate(ADMIN_HOME_PATH, { replace: true });
          }}
        >
          Continue
        </Button>
      </Stack>
    </Page>
  );
}
