import { Page } from '@/components/Page';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { GALLERY_PATH } from '../paths';

export function UnknownCategory({ name }: { name: string }) {
  return (
    <Page title="Category not found">
      <p className="type-body1 type-gutter-bottom">
        There is no category called “{name}”. It may have been renamed or removed.
      </p>
      <p className="mt-2">
        <ButtonLink to={GALLERY_PATH} variant="contained">
          See all pictures
        </ButtonLink>
      </p>
    </Page>
  );
}
