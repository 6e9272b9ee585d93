import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { Page } from '@/components/Page';

/** /gallery and /gallery/{categoryName}. */
export default function GalleryPage() {
  const { categoryName } = useParams();
  return (
    <Page title="Gallery">
      {categoryName !== undefined && (
        <Typography variant="subtitle1" gutterBottom>
          Category: {categoryName}
        </Typography>
      )}
      <Typography color="text.secondary">This feature is not available yet.</Typography>
    </Page>
  );
}
