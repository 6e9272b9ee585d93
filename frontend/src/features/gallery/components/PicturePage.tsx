import { skipToken } from '@reduxjs/toolkit/query';
import Slideshow from '@mui/icons-material/Slideshow';
import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { Page } from '@/components/Page';
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
import { ImageViewer } from './ImageViewer';
import { Picture } from './Picture';
import { PictureFacts } from './PictureFacts';
import { PictureNotFound } from './PictureNotFound';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';

/** /gallery/picture/{urlName}: one picture, its sizes and prices, and a full-screen viewer. */
export default function PicturePage() {
  const { urlName = '' } = useParams();
  const currency = useDisplayCurrency();
  const query = useGetOfferQuery({ urlName, currency });
  // After a currency switch the picture stays on screen while its new prices load.
  const offer = query.data?.urlName === urlName ? query.data : undefined;

  if (isNotFoundError(query.error)) {
    return <PictureNotFound urlName={urlName} />;
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
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={GALLERY_PATH} underline="hover" color="inherit">
          Gallery
        </Link>
        <Link
          component={RouterLink}
          to={categoryPath(offer.category)}
          underline="hover"
          color="inherit"
        >
          {categoryTitle}
        </Link>
        <Typography color="text.primary">{offer.title}</Typography>
      </Breadcrumbs>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ButtonBase
            onClick={() => setViewer({ autoPlay: false })}
            aria-label={`View “${offer.title}” full screen`}
            sx={{ display: 'block', width: '100%', bgcolor: 'grey.100', borderRadius: 1 }}
          >
            <Picture
              offer={offer}
              previewOnly
              eager
              sizes="(min-width: 1200px) 680px, (min-width: 900px) 58vw, 100vw"
              style={{ ...PICTURE_BOX, objectFit: 'contain' }}
            />
          </ButtonBase>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <Button startIcon={<ZoomOutMap />} onClick={() => setViewer({ autoPlay: false })}>
              Full screen
            </Button>
            <Button startIcon={<Slideshow />} onClick={() => setViewer({ autoPlay: true })}>
              Slideshow
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {offer.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{offer.description}</Typography>
          <PictureFacts offer={offer} categoryTitle={categoryTitle} />
          <Box sx={{ mt: 3 }}>
            {offer.status === 'SoldOut' && (
              <Alert severity="info" sx={{ mb: 2 }}>
                This one-of-a-kind picture has been sold.
              </Alert>
            )}
            <AttributePicker offer={offer} pricesAreCurrent={pricesAreCurrent} />
          </Box>
        </Grid>
      </Grid>
      {viewer !== null && (
        <ImageViewer
          slides={slides}
          start={offer.urlName}
          autoPlay={viewer.autoPlay}
          onClose={() => setViewer(null)}
        />
      )}
    </Container>
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
    <Container
      maxWidth="lg"
      // Stacked on a narrow screen, the picture and its details always reach below the fold: so
      // does the skeleton, or the footer would jump out of view when they arrive.
      sx={{ py: { xs: 3, md: 5 }, minHeight: { xs: '100vh', md: 0 } }}
      aria-busy="true"
      aria-label="Loading the picture"
    >
      <Skeleton width={240} sx={{ mb: 2 }} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Skeleton variant="rectangular" sx={{ ...PICTURE_BOX, height: 'auto' }} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Skeleton variant="text" sx={{ fontSize: '2.2rem' }} />
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </Grid>
      </Grid>
    </Container>
  );
}
