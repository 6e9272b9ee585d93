import { useId, useState } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { DownloadButton } from '@/components/DownloadButton';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Section } from '@/components/Section';
import { Pagination } from '@/components/ui/Pagination';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/money/money';
import { aspectRatioLabel, STYLE_LABELS } from '@/types/art';
import {
  useDownloadGeneratedImageMutation,
  useGetGeneratedImageFileQuery,
  useGetGeneratedImagesQuery,
} from '../api/generatedImagesApi';
import type { GeneratedImage } from '../types';
import './generate.css';

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
        <p className="type-body1 text-secondary">
          No images yet. The images you generate are kept here to download again.
        </p>
      )}
      <ul className="plain-list columns columns--halves">
        {history.data?.items.map((image) => (
          <li key={image.id}>
            <HistoryItem image={image} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <Pagination label="Pages of your images" count={pageCount} page={page} onChange={setPage} />
      )}
    </Section>
  );
}

function HistoryItem({ image }: { image: GeneratedImage }) {
  const headingId = useId();
  const free = image.price.minorUnits === 0;
  return (
    <article aria-labelledby={headingId} className="card media-card">
      <ImageThumbnail image={image} />
      <div className="media-card__text">
        <h3 id={headingId} className="type-subtitle1 text-strong history-item__prompt">
          {image.prompt}
        </h3>
        <p className="type-body2 text-secondary">
          {STYLE_LABELS[image.style]}, {aspectRatioLabel(image.aspectRatio)},{' '}
          {image.width.toLocaleString('en')} × {image.height.toLocaleString('en')} px
        </p>
        <p className="type-body2 text-secondary">
          Seed {image.seed}, {free ? 'free' : formatMoney(image.price)},{' '}
          {formatDateTime(image.createdAt)}
        </p>
        <div className="mt-1">
          <ImageDownload image={image} />
        </div>
      </div>
    </article>
  );
}

/** The image itself, fetched with the bearer token: a plain <img src> could not send it. */
function ImageThumbnail({ image }: { image: GeneratedImage }) {
  const file = useGetGeneratedImageFileQuery(image.url);
  const size = { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE };
  if (file.data === undefined) {
    return file.isError ? (
      <span className="history-item__thumbnail" style={size} />
    ) : (
      <Skeleton variant="rounded" {...size} />
    );
  }
  return (
    <img
      src={file.data}
      alt=""
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      className="history-item__thumbnail"
      style={size}
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
