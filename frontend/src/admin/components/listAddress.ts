import { useSearchParams } from 'react-router';
import { idParam } from '@/lib/browser/searchParams';

/** Records per page of the back office's lists (the server allows 1 to 100). */
export const LIST_PAGE_SIZE = 50;

export type Filters<Name extends string> = Record<Name, string>;

/** What a list asks the server for: its filters, page and order. */
export interface ListRequest<Name extends string> {
  filters: Filters<Name>;
  page: number;
  /** The API's `Sort` ("-createdAt"), or '' for a list that has no order to choose. */
  sort: string;
}

/** The query of a list call: `Page`, `PageSize`, `Sort` and the filters that are not empty. */
export function listParams<Name extends string>({ filters, page, sort }: ListRequest<Name>) {
  return {
    Page: page,
    PageSize: LIST_PAGE_SIZE,
    ...(sort === '' ? {} : { Sort: sort }),
    ...Object.fromEntries(Object.entries<string>(filters).filter(([, value]) => value !== '')),
  };
}

/**
 * The filters, page and order of a list, kept in the page's address with the API's names
 * (`?Email=ann@example.com&Sort=total&Page=2`), so that a link shares them and a reload keeps
 * them. Empty filters, the first page and the default order are left out.
 */
export function useListAddress<Name extends string>(names: readonly Name[], defaultSort = '') {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    names.map((name) => [name, params.get(name) ?? '']),
  ) as Filters<Name>;
  const page = idParam(params, 'Page') ?? 1;
  const sort = params.get('Sort') ?? defaultSort;

  /** Shows another page, order or set of filters; a change of filters or order starts at page 1. */
  const show = (next: { filters?: Filters<Name>; page?: number; sort?: string }) => {
    const address = new URLSearchParams();
    const nextFilters = next.filters ?? filters;
    for (const name of names) if (nextFilters[name] !== '') address.set(name, nextFilters[name]);
    const nextSort = next.sort ?? sort;
    if (nextSort !== defaultSort) address.set('Sort', nextSort);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) address.set('Page', String(nextPage));
    setParams(address);
  };

  return {
    request: { filters, page, sort } satisfies ListRequest<Name>,
    show,
    /** Whether a filter is in effect (the empty state says so). */
    filtered: names.some((name) => filters[name] !== ''),
    /** Changes with the address: the filter form starts again from what a new address says. */
    addressKey: params.toString(),
  };
}
