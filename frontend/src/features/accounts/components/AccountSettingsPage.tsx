import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Page } from '@/components/Page';
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
