import { useAppSelector } from '@/app/hooks';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { useProfileQuery, type Profile } from '@/features/accounts';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { TicketForm, type Sender } from './TicketForm';

function senderOf(profile: Profile | undefined): Sender {
  if (profile === undefined) return { email: '', name: '' };
  const name = [profile.firstName, profile.lastName].filter((part) => part !== '').join(' ');
  return { email: profile.email, name };
}

/** /contact, open to everyone: a signed-in customer finds the e-mail and name filled in. */
export default function ContactPage() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const profile = useProfileQuery(undefined, { skip: !isSignedIn });
  // The form starts from the profile; without one (visitor, or a failed load) it starts empty.
  const waitingForProfile = isSignedIn && profile.isLoading;
  return (
    <Page title="Contact" maxWidth="sm">
      <p className="type-body1 mb-3">
        A question about a picture, an order, a payment or your account? Write to us and we will
        answer by e-mail. You get a ticket reference right away, and a confirmation mail quoting it.
      </p>
      {waitingForProfile ? (
        <DelayedProgress label="Loading your profile" />
      ) : (
        <TicketForm sender={senderOf(profile.data)} />
      )}
    </Page>
  );
}
