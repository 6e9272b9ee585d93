import Typography from '@mui/material/Typography';
import { Page } from './Page';

/** A page whose feature is not built yet; it says so instead of pretending to work. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Typography color="textSecondary">This feature is not available yet.</Typography>
    </Page>
  );
}
