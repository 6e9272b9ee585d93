import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/Page';
import { GALLERY_PATH } from '../paths';

export function UnknownCategory({ name }: { name: string }) {
  return (
    <Page title="Category not found">
      <Typography gutterBottom>
        There is no category called “{name}”. It may have been renamed or removed.
      </Typography>
      <Button component={RouterLink} to={GALLERY_PATH} variant="contained" sx={{ mt: 2 }}>
        See all pictures
      </Button>
    </Page>
  );
}
