import { StatusView } from '@/components/status/StatusView';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { GALLERY_PATH } from '../paths';

export function PictureNotFound({ urlName }: { urlName: string }) {
  return (
    <StatusView
      code="404"
      title="Picture not found"
      message="Picture not found"
      detail={<>There is no picture at “{urlName}”. It may have been sold or taken down.</>}
      action={
        <ButtonLink to={GALLERY_PATH} variant="contained">
          Browse the gallery
        </ButtonLink>
      }
    />
  );
}
