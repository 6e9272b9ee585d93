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
import './ArtworksPage.css';

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
          <p className="type-body1 text-secondary">
            Pictures you buy appear here, ready to download in the sizes you bought.
          </p>
        </EmptyState>
      )}
      <ul className="plain-list columns columns--halves">
        {pictures.map((picture) => (
          <li key={picture.offerId}>
            <PictureCard picture={picture} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

function PictureCard({ picture }: { picture: OwnedPicture }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="card media-card">
      <Thumbnail sources={picture.thumbnail} alt="" size={112} />
      <div className="media-card__text">
        <h2 id={headingId} className="type-subtitle1 text-strong">
          <RouterLink to={picturePath(picture.urlName)} className="text-link">
            {picture.title}
          </RouterLink>
        </h2>
        <ul className="plain-list">
          {picture.sizes.map((artwork) => (
            <li key={artwork.id} className="artwork-card__size">
              <div>
                <p className="type-body2 text-strong">{artwork.sizeName}</p>
                <p className="type-body2 text-secondary">
                  {artwork.width.toLocaleString('en')} × {artwork.height.toLocaleString('en')} px,{' '}
                  {licenceLabel(artwork.licence)}
                </p>
              </div>
              <ArtworkDownload artwork={artwork} />
            </li>
          ))}
        </ul>
      </div>
    </article>
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
