import type { ReactNode } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { RetryAlert } from '@/components/RetryAlert';
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
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        Your profile could not be loaded.
      </RetryAlert>
    );
  }
  return null;
}
