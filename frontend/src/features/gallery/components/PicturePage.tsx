import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Page } from '@/components/Page';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Alert';
import { SlideshowIcon, ZoomOutMapIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/Skeleton';
import { usePageTitle } from '@/hooks/usePageTitle';
import {
  useGetCategoriesQuery,
  useGetOfferQuery,
  useGetOffersInfiniteQuery,
} from '../api/catalogueApi';
import { isNotFoundError } from '../api/catalogueErrors';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { readListState } from '../listState';
import { categoryPath, GALLERY_PATH } from '../paths';
import { DEFAULT_SORT, type Offer } from '../types';
import { AttributePicker } from './AttributePicker';
import { Picture } from './Picture';
import { PictureFacts } from './PictureFacts';
import { RelatedPictures } from './RelatedPictures';
import './PicturePage.css';

// The full-screen viewer (a dialog) and the not-found answer load when one of them shows.
const ImageViewer = lazy(() =>
  import('./ImageViewer').then((module) => ({ default: module.ImageViewer })),
);
const PictureNotFound = lazy(() =>
  import('./PictureNotFound').then((module) => ({ default: module.PictureNotFound })),
);

/** /gallery/picture/{urlName}: one picture, its sizes and prices, and a full-screen viewer. */
export default function PicturePage() {
  const { urlName = '' } = useParams();
  const currency = useDisplayCurrency();
  const query = useGetOfferQuery({ urlName, currency });
  // After a currency switch the picture stays on screen while its new prices load.
  const offer = query.data?.urlName === urlName ? query.data : undefined;

  if (isNotFoundError(query.error)) {
    return (
      <Suspense fallback={null}>
        <PictureNotFound urlName={urlName} />
      </Suspense>
    );
  }
  if (offer === undefined) {
    if (query.isError) {
      return (
        <Page title="Picture">
          <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        </Page>
      );
    }
    return <PictureSkeleton />;
  }
  return (
    <PictureDetails
      key={offer.id}
      offer={offer}
      pricesAreCurrent={query.currentData !== undefined}
    />
  );
}

type Viewer = { autoPlay: boolean } | null;

// The picture's box, the same while it loads (the skeleton) as after, whatever the picture's own
// proportions: nothing below it moves when it arrives. The picture is fitted inside.
const PICTURE_BOX = { width: '100%', aspectRatio: '4 / 3', maxHeight: '75vh' } as const;

function PictureDetails({ offer, pricesAreCurrent }: { offer: Offer; pricesAreCurrent: boolean }) {
  usePageTitle(offer.title);
  const [viewer, setViewer] = useState<Viewer>(null);
  const { data: categories } = useGetCategoriesQuery(undefined);
  const categoryTitle =
    categories?.find((category) => category.urlName === offer.category)?.title ?? offer.category;
  const slides = useNeighbourSlides(offer, viewer !== null);

  return (
    <div className="container container--lg page">
      <Breadcrumbs
        crumbs={[
          { label: 'Gallery', to: GALLERY_PATH },
          { label: categoryTitle, to: categoryPath(offer.category) },
          { label: offer.title },
        ]}
      />
      <div className="grid picture-page">
        <div className="picture-page__picture">
          <button
            type="button"
            className="picture-page__view"
            onClick={() => setViewer({ autoPlay: false })}
            aria-label={`View “${offer.title}” full screen`}
          >
            <Picture
              offer={offer}
              previewOnly
              eager
              sizes="(min-width: 1200px) 680px, (min-width: 900px) 58vw, 100vw"
              style={{ ...PICTURE_BOX, objectFit: 'contain' }}
            />
          </button>
          <div className="picture-page__actions">
            <Button startIcon={<ZoomOutMapIcon />} onClick={() => setViewer({ autoPlay: false })}>
              Full screen
            </Button>
            <Button startIcon={<SlideshowIcon />} onClick={() => setViewer({ autoPlay: true })}>
              Slideshow
            </Button>
          </div>
        </div>
        <div className="picture-page__details">
          <h1 className="type-h4 type-gutter-bottom">{offer.title}</h1>
          <p className="type-body1 picture-page__description">{offer.description}</p>
          <PictureFacts offer={offer} categoryTitle={categoryTitle} />
          <div className="picture-page__order">
            {offer.status === 'SoldOut' && (
              <Alert className="picture-page__sold">
                This one-of-a-kind picture has been sold.
              </Alert>
            )}
            <AttributePicker offer={offer} pricesAreCurrent={pricesAreCurrent} />
          </div>
        </div>
      </div>
      <RelatedPictures urlName={offer.urlName} />
      <Suspense fallback={null}>
        {viewer !== null && (
          <ImageViewer
            slides={slides}
            start={offer.urlName}
            autoPlay={viewer.autoPlay}
            onClose={() => setViewer(null)}
          />
        )}
      </Suspense>
    </div>
  );
}

/**
 * The pictures the slideshow goes through: the gallery list the picture was opened from (already
 * cached when the visitor came from it), otherwise the picture's category. Fetched only while the
 * viewer is open.
 */
function useNeighbourSlides(offer: Offer, wanted: boolean): readonly Offer[] {
  const currency = useDisplayCurrency();
  const location = useLocation();
  const list = readListState(location.state as unknown) ?? {
    category: offer.category,
    sort: DEFAULT_SORT,
  };
  const { data } = useGetOffersInfiniteQuery(wanted ? { ...list, currency } : skipToken);
  return useMemo(() => {
    const neighbours = data?.pages.flatMap((page) => page.items) ?? [];
    return neighbours.some((neighbour) => neighbour.urlName === offer.urlName)
      ? neighbours
      : [offer, ...neighbours];
  }, [data, offer]);
}

function PictureSkeleton() {
  return (
    <div
      // Stacked on a narrow screen, the picture and its details always reach below the fold: so
      // does the skeleton, or the footer would jump out of view when they arrive.
      className="container container--lg page picture-page__loading"
      aria-busy="true"
      aria-label="Loading the picture"
    >
      <Skeleton width={240} style={{ marginBottom: 16 }} />
      <div className="grid picture-page">
        <div className="picture-page__picture">
          <Skeleton variant="rectangular" height="auto" style={PICTURE_BOX} />
        </div>
        <div className="picture-page__details">
          <Skeleton style={{ fontSize: '2.2rem' }} />
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </div>
      </div>
    </div>
  );
}
