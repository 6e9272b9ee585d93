import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { useProfileQuery } from '../api/accountsApi';
import type { Profile } from '../api/types';

/**
 * Renders its children with the signed-in customer's profile once it is loaded, so that forms
 * start from the saved values; meanwhile a progress bar, or the failure with a way to retry.
 */
export function WithProfile({ children }: { children: (profile: Profile) => ReactNode }) {
  const { data, isLoading, isError, refetch, isFetching } = useProfileQuery(undefined);
  if (data !== undefined) return children(data);
  if (isLoading) return <DelayedProgress label="Loading your profile" />;
  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        Your profile could not be loaded.
      </Alert>
    );
  }
  return null;
}
