import { useNavigationPending } from '@/hooks/useNavigationPending';
import { tokensReceived } from '@/lib/session/sessionSlice';
import { useLoginMutation } from '../api/accountsApi';
import type { Credentials } from '../api/types';
import { useSessionTransition } from './useSessionTransition';

/**
 * Logs in, goes to `destination` and stores the tokens there (SPEC.md section 4). Rejects with the
 * call's error when the log-in fails. Busy from the call until the next page is shown.
 */
export function useSignIn() {
  const [login, { isLoading }] = useLoginMutation();
  const navigationPending = useNavigationPending();
  const changeSessionOnArrival = useSessionTransition();

  async function signIn(credentials: Credentials, destination: string): Promise<void> {
    const tokens = await login(credentials).unwrap();
    await changeSessionOnArrival(destination, tokensReceived(tokens), { replace: true });
  }

  return { signIn, isSigningIn: isLoading || navigationPending };
}
