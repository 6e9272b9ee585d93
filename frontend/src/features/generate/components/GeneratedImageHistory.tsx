import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { DownloadButton } from '@/components/DownloadButton';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Section } from '@/components/Section';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/money/money';
import { aspectRatioLabel, STYLE_LABELS } from '@/types/art';
import {
  useDownloadGeneratedImageMutation,
  useGetGeneratedImageFileQuery,
  useGetGeneratedImagesQuery,
} from '../api/generatedImagesApi';
import type { GeneratedImage } from '../types';

export const HISTORY_PAGE_SIZE = 12;
const THUMBNAIL_SIZE = 112;

/** The images generated so far, newest first, a page at a time. */
export function GeneratedImageHistory() {
  const [page, setPage] = useState(1);
  const history = useGetGeneratedImagesQuery({ page, pageSize: HISTORY_PAGE_SIZE });
  const pageCount = Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE);
  return (
    <Section title="Your generated images">
      {history.isLoading && <DelayedProgress label="Loading your generated images" />}
      {history.isError && (
        <QueryErrorAlert error={history.error} onRetry={() => void history.refetch()} />
      )}
      {history.data?.total === 0 && (
        <Typography color="textSecondary">
          No images yet. The images you generate are kept here to download again.
        </Typography>
      )}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {history.data?.items.map((image) => (
          <Grid key={image.id} size={{ xs: 12, md: 6 }} component="li">
            <HistoryItem image={image} />
          </Grid>
        ))}
      </Grid>
      {pageCount > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pageCount}
          page={page}
          onChange={(_event, chosen) => setPage(chosen)}
        />
      )}
    </Section>
  );
}

function HistoryItem({ image }: { image: GeneratedImage }) {
  const headingId = useId();
  const free = image.price.minorUnits === 0;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', gap: 2, height: '100%' }}
    >
      <ImageThumbnail image={image} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          variant="subtitle1"
          component="h3"
          id={headingId}
          sx={{
            fontWeight: 600,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {image.prompt}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {STYLE_LABELS[image.style]}, {aspectRatioLabel(image.aspectRatio)},{' '}
          {image.width.toLocaleString('en')} × {image.height.toLocaleString('en')} px
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Seed {image.seed}, {free ? 'free' : formatMoney(image.price)},{' '}
          {formatDateTime(image.createdAt)}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <ImageDownload image={image} />
        </Box>
      </Box>
    </Paper>
  );
}

/** The image itself, fetched with the bearer token: a plain <img src> could not send it. */
function ImageThumbnail({ image }: { image: GeneratedImage }) {
  const file = useGetGeneratedImageFileQuery(image.url);
  const frame = {
    width: THUMBNAIL_SIZE,
    height: THUMBNAIL_SIZE,
    flexShrink: 0,
    borderRadius: 1,
  } as const;
  if (file.data === undefined) {
    return file.isError ? (
      <Box sx={{ ...frame, bgcolor: 'grey.100' }} />
    ) : (
      <Skeleton variant="rectangular" sx={frame} />
    );
  }
  return (
    <Box
      component="img"
      src={file.data}
      alt=""
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      sx={{ ...frame, display: 'block', objectFit: 'contain', bgcolor: 'grey.100' }}
    />
  );
}

function ImageDownload({ image }: { image: GeneratedImage }) {
  const [download, { isLoading }] = useDownloadGeneratedImageMutation();
  return (
    <DownloadButton
      label={`Download ${image.fileName}`}
      loading={isLoading}
      download={() => download(image).unwrap()}
    />
  );
}
