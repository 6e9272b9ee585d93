import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NamesForm } from './NamesForm';
import { WithProfile } from './WithProfile';

export default function AccountSettingsPage() {
  return (
    <Page title="Account settings" maxWidth="sm">
      <WithProfile>
        {(profile) => (
          <Stack spacing={3}>
            <Typography>
              Signed in as{' '}
              <Typography component="strong" sx={{ fontWeight: 700 }}>
                {profile.email}
              </Typography>
            </Typography>
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
