import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Page } from '@/components/Page';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Alert';
import { isApiError } from '@/lib/api/apiError';
import { useGetCategoriesQuery, useGetOffersInfiniteQuery } from '../api/catalogueApi';
import { isUnknownCategoryError } from '../api/catalogueErrors';
import {
  hasActiveFilters,
  hasErrors,
  readFilters,
  searchLocation,
  validatePriceRange,
  writeFilters,
} from '../filters';
import { useDisplayCurrency } from '../hooks/useDisplayCurrency';
import { useWhenVisible } from '../hooks/useWhenVisible';
import { categoryPath, GALLERY_PATH } from '../paths';
import type { OfferFilters, OfferPage } from '../types';
import { GalleryFilters } from './GalleryFilters';
import { OfferGrid } from './OfferGrid';
import './GalleryPage.css';

// An empty result and an unknown category are rare: their parts load when one of them shows.
const EmptyState = lazy(() =>
  import('@/components/EmptyState').then((module) => ({ default: module.EmptyState })),
);
const UnknownCategory = lazy(() =>
  import('./UnknownCategory').then((module) => ({ default: module.UnknownCategory })),
);

const SKELETON_COUNT = 8;

/** /gallery and /gallery/{categoryName}: the filtered, sorted catalogue, loaded page by page. */
export default function GalleryPage() {
  const { categoryName } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const currency = useDisplayCurrency();
  const filters = useMemo(
    () => readFilters(searchParams, categoryName),
    [searchParams, categoryName],
  );
  const priceErrors = useMemo(() => validatePriceRange(filters, currency), [filters, currency]);

  const {
    data: categories = [],
    isSuccess: categoriesLoaded,
    isLoading: categoriesLoading,
  } = useGetCategoriesQuery(undefined);
  const category = categories.find((candidate) => candidate.urlName === categoryName);
  const categoryIsUnknown =
    categoryName !== undefined && categoriesLoaded && category === undefined;

  // A category's pictures are asked for once the categories are known (the first script asked for
  // both at once: prefetch.ts): subscribing to an answer that failed asks again, and an unknown
  // category's refusal would arrive twice.
  const waitForCategories = categoryName !== undefined && categoriesLoading;
  const offers = useGetOffersInfiniteQuery(
    hasErrors(priceErrors) || categoryIsUnknown || waitForCategories
      ? skipToken
      : { ...filters, currency },
  );

  useClearPriceRangeOnCurrencyChange(filters, setSearchParams);

  const showFilters = (next: OfferFilters) => setSearchParams(writeFilters(next));
  const showCategory = (urlName: string | undefined) => {
    const path = urlName === undefined ? GALLERY_PATH : categoryPath(urlName);
    void navigate({ pathname: path, search: writeFilters(filters).toString() });
  };
  const resetPath = categoryName === undefined ? GALLERY_PATH : categoryPath(categoryName);

  const pages = offers.currentData?.pages;
  const items = pages?.flatMap((page) => page.items) ?? [];
  const total = pages?.at(-1)?.total;
  const matchedWords = useMatchedWords(pages);

  if (categoryIsUnknown || isUnknownCategoryError(offers.error)) {
    return (
      <Suspense fallback={null}>
        <UnknownCategory name={categoryName ?? ''} />
      </Suspense>
    );
  }

  // The counts of the last answer stay in the filters while the next one loads.
  const facets = offers.data?.pages[0]?.facets;
  const didYouMean = total === 0 ? pages?.at(-1)?.didYouMean : null;
  const searchError = searchErrorOf(offers.error);
  const clearSearch = () => void navigate(searchLocation('', filters));
  const waitingForFirstPage = pages === undefined && offers.isFetching;
  const canLoadMore = offers.hasNextPage && !offers.isFetching;
  const loadMore = () => {
    if (canLoadMore) void offers.fetchNextPage();
  };

  return (
    <Page
      title={category?.title ?? 'Gallery'}
      breadcrumbs={
        categoryName !== undefined && (
          <Breadcrumbs
            crumbs={[
              { label: 'Gallery', to: GALLERY_PATH },
              { label: category?.title ?? categoryName },
            ]}
          />
        )
      }
    >
      <GalleryFilters
        filters={filters}
        categories={categories}
        currency={currency}
        addressErrors={priceErrors}
        onFiltersChange={showFilters}
        onCategoryChange={showCategory}
        resetPath={resetPath}
        facets={facets}
        searchError={searchError}
      />
      <section aria-label="Pictures" aria-busy={offers.isFetching}>
        {filters.search !== undefined && (
          <div className="gallery-search">
            <p className="type-body1">
              Search: <strong>{filters.search}</strong>
            </p>
            <Button onClick={clearSearch}>Clear search</Button>
          </div>
        )}
        {hasErrors(priceErrors) && <Alert>Correct the price range to see pictures.</Alert>}
        {searchError !== undefined && (
          <Alert>{searchError} Correct the search to see pictures.</Alert>
        )}
        {offers.isError && searchError === undefined && (
          <QueryErrorAlert error={offers.error} onRetry={() => void offers.refetch()} />
        )}
        {total !== undefined && total > 0 && (
          <p role="status" className="type-body1 text-secondary gallery-count">
            {total === 1 ? '1 picture' : `${total} pictures`}
          </p>
        )}
        {total === 0 && (
          <Suspense fallback={null}>
            <EmptyState
              message={
                filters.search !== undefined
                  ? 'No pictures match this search'
                  : hasActiveFilters(filters)
                    ? 'No pictures match these filters'
                    : 'There are no pictures here yet'
              }
              action={
                hasActiveFilters(filters)
                  ? { to: resetPath, label: 'Reset the filters' }
                  : undefined
              }
            >
              {didYouMean != null && (
                <p className="type-body1">
                  Did you mean{' '}
                  <RouterLink to={searchLocation(didYouMean, filters)}>{didYouMean}</RouterLink>?
                </p>
              )}
            </EmptyState>
          </Suspense>
        )}
        {(items.length > 0 || waitingForFirstPage) && (
          <OfferGrid
            offers={items}
            skeletons={waitingForFirstPage || offers.isFetchingNextPage ? SKELETON_COUNT : 0}
            list={filters}
            matchedWords={matchedWords}
          />
        )}
        {offers.hasNextPage && (
          <LoadMore
            onLoadMore={loadMore}
            loading={offers.isFetchingNextPage}
            enabled={canLoadMore}
          />
        )}
      </section>
    </Page>
  );
}

/** The words the search matched on every page shown, or undefined when not searching. */
function useMatchedWords(pages: OfferPage[] | undefined): ReadonlySet<string> | undefined {
  return useMemo(() => {
    const words = pages?.flatMap((page) => page.matchedWords) ?? [];
    return words.length === 0 ? undefined : new Set(words);
  }, [pages]);
}

/** The server's objection to the search (a 400 on `Search`): too long, an unpaired quote. */
function searchErrorOf(error: unknown): string | undefined {
  return isApiError(error) && error.status === 400 ? error.fieldErrors.Search?.[0] : undefined;
}

function LoadMore({
  onLoadMore,
  loading,
  enabled,
}: {
  onLoadMore: () => void;
  loading: boolean;
  enabled: boolean;
}) {
  const sentinel = useWhenVisible(onLoadMore, enabled);
  return (
    <div ref={sentinel} className="gallery-more">
      <Button variant="outlined" onClick={onLoadMore} disabled={!enabled} loading={loading}>
        Load more pictures
      </Button>
    </div>
  );
}

/**
 * A price range means amounts in the display currency; after a switch to another currency the old
 * numbers would filter nonsense (10 euros become 10 yen), so the range is dropped.
 */
function useClearPriceRangeOnCurrencyChange(
  filters: OfferFilters,
  setSearchParams: ReturnType<typeof useSearchParams>[1],
) {
  const currency = useDisplayCurrency();
  const shownCurrency = useRef(currency);
  useEffect(() => {
    if (shownCurrency.current === currency) return;
    shownCurrency.current = currency;
    if (filters.from !== undefined || filters.to !== undefined) {
      setSearchParams(writeFilters({ ...filters, from: undefined, to: undefined }), {
        replace: true,
      });
    }
  }, [currency, filters, setSearchParams]);
}
