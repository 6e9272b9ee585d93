import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { DownloadButton } from '@/components/DownloadButton';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Thumbnail } from '@/components/Thumbnail';
import { GALLERY_PATH, picturePath } from '@/features/gallery';
import { licenceLabel } from '@/lib/format/size';
import { useDownloadArtworkMutation, useGetArtworksQuery } from '../api/artworksApi';
import type { Artwork } from '../types';

/** One picture the customer owns, with every size bought of it. */
interface OwnedPicture {
  offerId: number;
  urlName: string;
  title: string;
  thumbnail: Artwork['thumbnail'];
  sizes: Artwork[];
}

/** Groups the bought sizes by picture, keeping the server's order (newest first). */
function byPicture(artworks: readonly Artwork[]): OwnedPicture[] {
  const pictures = new Map<number, OwnedPicture>();
  for (const artwork of artworks) {
    let picture = pictures.get(artwork.offerId);
    if (picture === undefined) {
      picture = { ...artwork, sizes: [] };
      pictures.set(artwork.offerId, picture);
    }
    picture.sizes.push(artwork);
  }
  for (const picture of pictures.values()) picture.sizes.sort((a, b) => a.longEdge - b.longEdge);
  return [...pictures.values()];
}

export default function ArtworksPage() {
  const artworks = useGetArtworksQuery(undefined);
  const pictures = byPicture(artworks.data ?? []);
  return (
    <Page title="Artworks">
      {artworks.isLoading && <DelayedProgress label="Loading your artworks" />}
      {artworks.isError && (
        <QueryErrorAlert error={artworks.error} onRetry={() => void artworks.refetch()} />
      )}
      {artworks.isSuccess && pictures.length === 0 && (
        <EmptyState
          message="You do not own any artworks yet."
          action={{ to: GALLERY_PATH, label: 'Browse the gallery' }}
        >
          <Typography color="textSecondary">
            Pictures you buy appear here, ready to download in the sizes you bought.
          </Typography>
        </EmptyState>
      )}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pictures.map((picture) => (
          <Grid key={picture.offerId} size={{ xs: 12, md: 6 }} component="li">
            <PictureCard picture={picture} />
          </Grid>
        ))}
      </Grid>
    </Page>
  );
}

function PictureCard({ picture }: { picture: OwnedPicture }) {
  const headingId = useId();
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', gap: 2, height: '100%' }}
    >
      <Thumbnail sources={picture.thumbnail} alt="" size={112} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={picturePath(picture.urlName)} underline="hover">
            {picture.title}
          </Link>
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {picture.sizes.map((artwork) => (
            <Box
              component="li"
              key={artwork.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                gap: 1,
                py: 0.5,
              }}
            >
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {artwork.sizeName}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {artwork.width.toLocaleString('en')} × {artwork.height.toLocaleString('en')} px,{' '}
                  {licenceLabel(artwork.licence)}
                </Typography>
              </Box>
              <ArtworkDownload artwork={artwork} />
            </Box>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}

function ArtworkDownload({ artwork }: { artwork: Artwork }) {
  const [download, { isLoading }] = useDownloadArtworkMutation();
  return (
    <DownloadButton
      label={`Download “${artwork.title}” in ${artwork.sizeName}`}
      loading={isLoading}
      download={() => download(artwork).unwrap()}
    />
  );
}
