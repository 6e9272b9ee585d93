import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { StatusView } from '@/components/status/StatusView';
import { GALLERY_PATH } from '../paths';

export function PictureNotFound({ urlName }: { urlName: string }) {
  return (
    <StatusView
      code="404"
      title="Picture not found"
      message="Picture not found"
      detail={<>There is no picture at “{urlName}”. It may have been sold or taken down.</>}
      action={
        <Button component={RouterLink} to={GALLERY_PATH} variant="contained">
          Browse the gallery
        </Button>
      }
    />
  );
}
