import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Stack } from '@/components/ui/Stack';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NamesForm } from './NamesForm';
import { WithProfile } from './WithProfile';

export default function AccountSettingsPage() {
  return (
    <Page title="Account settings" maxWidth="sm">
      <WithProfile>
        {(profile) => (
          <Stack gap={3}>
            <p className="type-body1">
              Signed in as <strong>{profile.email}</strong>
            </p>
            <Section title="Your name">
              <NamesForm profile={profile} />
            </Section>
            <Section title="Password">
              <ChangePasswordForm />
            </Section>
          </Stack>
        )}
      </WithProfile>
    </Page>
  );
}
