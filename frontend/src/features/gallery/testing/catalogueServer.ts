import { http, HttpResponse } from 'msw';
import type { Currency } from '@/config/constants';
import { money } from '@/test/money';
import { apiUrl, server } from '@/test/server';
import {
  ORIENTATIONS,
  STYLES,
  type Category,
  type FacetCount,
  type Offer,
  type OfferFacets,
  type OfferPage,
  type Orientation,
  type Style,
  type Suggestion,
} from '../types';

export const CATEGORIES: Category[] = [
  { urlName: 'landscapes', title: 'Landscapes', offerCount: 13 },
  { urlName: 'space', title: 'Space', offerCount: 12 },
  { urlName: 'still-life', title: 'Still life', offerCount: 1 },
];

interface OfferSeed {
  id: number;
  title: string;
  category?: string;
  style?: Style;
  orientation?: Orientation;
  /** EUR cents of HD, 4K and 8K. */
  prices?: [number, number, number];
}

/** An offer as the server would send it, priced in `currency`. */
export function makeOffer(seed: OfferSeed, currency: Currency = 'EUR'): Offer {
  const { id, title, category = 'landscapes', style = 'Watercolor' } = seed;
  const orientation = seed.orientation ?? 'Horizontal';
  const [hd, k4, k8] = seed.prices ?? [1230, 2450, 4900];
  const urlName = title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');
  const [width, height] =
    orientation === 'Horizontal'
      ? [7680, 4320]
      : orientation === 'Vertical'
        ? [4320, 7680]
        : [4096, 4096];
  const media = (kind: string) => ({
    webp: `/media/${kind}/${urlName}.webp`,
    jpeg: `/media/${kind}/${urlName}.jpg`,
  });
  return {
    id,
    urlName,
    title,
    description: `${title}, painted by the generator.`,
    category,
    style,
    orientation,
    aspectRatio: orientation === 'Square' ? '1x1' : orientation === 'Horizontal' ? '16x9' : '9x16',
    width,
    height,
    tags: [category, style.toLowerCase()],
    createdAt: '2026-11-20T10:00:00Z',
    status: 'Active',
    thumbnail: media('thumbnails'),
    preview: media('previews'),
    price: money(hd, currency),
    attributes: [
      {
        id: id * 10 + 1,
        name: 'HD',
        longEdge: 1920,
        licence: 'Personal',
        price: money(hd, currency),
      },
      {
        id: id * 10 + 2,
        name: '4K',
        longEdge: 3840,
        licence: 'Personal',
        price: money(k4, currency),
      },
      {
        id: id * 10 + 3,
        name: '8K',
        longEdge: 7680,
        licence: 'Commercial',
        price: money(k8, currency),
      },
    ],
  };
}

export const SEEDS: OfferSeed[] = [
  { id: 1, title: 'Misty Fjord at Dawn' },
  { id: 2, title: 'Neon Alley', category: 'space', style: 'Cyberpunk', orientation: 'Vertical' },
  {
    id: 3,
    title: 'Quiet Pears',
    category: 'still-life',
    style: 'Minimalism',
    orientation: 'Square',
  },
];

interface CatalogueOptions {
  /** The offers the list answers with (all of them on one page unless pageSize says otherwise). */
  seeds?: OfferSeed[];
  /** Pictures per page the list answers with, whatever the client asked for. */
  pageSize?: number;
  /** What the list answers of a search, instead of the counts of the seeds and no words matched. */
  search?: Partial<Pick<OfferPage, 'facets' | 'didYouMean' | 'matchedWords'>>;
  /** What the header's search suggests, whatever was typed. */
  suggestions?: Suggestion[];
  /** The pictures related to any picture. */
  related?: OfferSeed[];
}

/** How many of the seeds have each value, in the order of `values`, leaving out those with none. */
function countsOf<Value extends string>(
  values: readonly Value[],
  of: (seed: OfferSeed) => Value,
  seeds: OfferSeed[],
): FacetCount<Value>[] {
  return values
    .map((value) => ({ value, count: seeds.filter((seed) => of(seed) === value).length }))
    .filter((entry) => entry.count > 0);
}

/** The seeds' counts per category, style and orientation, as the server counts a list; no bands. */
export function facetsOf(seeds: OfferSeed[]): OfferFacets {
  return {
    categories: countsOf(
      CATEGORIES.map((category) => category.urlName),
      (seed) => seed.category ?? 'landscapes',
      seeds,
    ).map((entry) => ({
      ...entry,
      title: CATEGORIES.find((category) => category.urlName === entry.value)?.title ?? '',
    })),
    styles: countsOf(STYLES, (seed) => seed.style ?? 'Watercolor', seeds),
    orientations: countsOf(ORIENTATIONS, (seed) => seed.orientation ?? 'Horizontal', seeds),
    prices: [],
  };
}

function pageOf(
  seeds: OfferSeed[],
  params: URLSearchParams,
  forcedPageSize?: number,
  search: CatalogueOptions['search'] = {},
): OfferPage {
  const currency = (params.get('Currency') ?? 'EUR') as Currency;
  const page = Number(params.get('Page') ?? '1');
  const pageSize = forcedPageSize ?? Number(params.get('PageSize') ?? '24');
  const start = (page - 1) * pageSize;
  return {
    items: seeds.slice(start, start + pageSize).map((seed) => makeOffer(seed, currency)),
    total: seeds.length,
    page,
    pageSize,
    currency,
    facets: facetsOf(seeds),
    didYouMean: null,
    matchedWords: [],
    ...search,
  };
}

/**
 * Answers the catalogue calls from the seeds and records the query of every offers-list call,
 * so that a test can check what the page asked for.
 */
export function serveCatalogue({
  seeds = SEEDS,
  pageSize,
  search,
  suggestions = [],
  related = [],
}: CatalogueOptions = {}) {
  const listRequests: URLSearchParams[] = [];
  const latestRequests: URLSearchParams[] = [];
  const suggestRequests: URLSearchParams[] = [];
  const relatedRequests: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/api/offers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      listRequests.push(params);
      return HttpResponse.json(pageOf(seeds, params, pageSize, search));
    }),
    http.get(apiUrl('/api/offers/suggest'), ({ request }) => {
      suggestRequests.push(new URL(request.url).searchParams);
      return HttpResponse.json({ suggestions });
    }),
    http.get(apiUrl('/api/offers/related'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      relatedRequests.push(params);
      const currency = (params.get('Currency') ?? 'EUR') as Currency;
      return HttpResponse.json({ items: related.map((seed) => makeOffer(seed, currency)) });
    }),
    http.get(apiUrl('/api/offers/latest'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      latestRequests.push(params);
      const currency = (params.get('Currency') ?? 'EUR') as Currency;
      return HttpResponse.json({
        items: seeds.slice(0, 12).map((seed) => makeOffer(seed, currency)),
      });
    }),
    http.get(apiUrl('/api/offers/get-one'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const currency = (params.get('Currency') ?? 'EUR') as Currency;
      const offer = seeds
        .map((seed) => makeOffer(seed, currency))
        .find((candidate) => candidate.urlName === params.get('UrlName'));
      return offer === undefined
        ? HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404 })
        : HttpResponse.json(offer);
    }),
    http.get(apiUrl('/api/categories'), () => HttpResponse.json({ items: CATEGORIES })),
  );
  return { listRequests, latestRequests, suggestRequests, relatedRequests };
}

/** The query of an offers-list call as a plain object, for comparing in one assertion. */
export function queryOf(params: URLSearchParams | undefined): Record<string, string> {
  return Object.fromEntries(params?.entries() ?? []);
}
