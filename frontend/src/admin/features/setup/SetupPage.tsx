import { useState } from 'react';
import { useParams } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { isApiError } from '@/lib/api/apiError';
import type { SetupResult } from '../../api/types';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import { serverMessages } from '../../components/serverMessages';
import { ADMIN_SIGN_IN_PATH } from '../../paths';
import { useGetSetupQuery } from './setupApi';
import { RecoveryCodes } from './RecoveryCodes';
import { SetupForm } from './SetupForm';

const TITLE = 'Set up your back-office account';

/**
 * The page of a one-time set-up link: a password when the account has none, the authenticator
 * app, a first code; then the recovery codes, once.
 */
export default function SetupPage() {
  const { token = '' } = useParams();
  const [result, setResult] = useState<SetupResult | null>(null);
  // The link is used up once set-up is done: it is not asked for again.
  const setup = useGetSetupQuery(token, { skip: result !== null });

  if (result !== null) return <RecoveryCodes result={result} />;
  return (
    <Page title={TITLE} maxWidth="sm">
      {setup.isLoading && <DelayedProgress label="Loading the set-up" />}
      {setup.isError &&
        (isApiError(setup.error) && setup.error.status === 404 ? (
          <>
            <Alert severity="error" className="mb-3">
              {serverMessages(setup.error).join(' ')}
            </Alert>
            <ButtonLink to={ADMIN_SIGN_IN_PATH} variant="contained">
              Sign in to the back office
            </ButtonLink>
          </>
        ) : (
          <ServerErrorAlert error={setup.error} onRetry={() => void setup.refetch()} />
        ))}
      {setup.data !== undefined && (
        <SetupForm token={token} setup={setup.data} onDone={setResult} />
      )}
    </Page>
  );
}
