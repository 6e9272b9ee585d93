import type { ListPage } from '@/types/page';

/** Infinite-query options for a list paged from 1: there is a next page until `total` is shown. */
export const numberedPages = {
  initialPageParam: 1,
  getNextPageParam: (lastPage: ListPage<unknown>, _allPages: unknown, lastPageParam: number) =>
    lastPage.page * lastPage.pageSize < lastPage.total ? lastPageParam + 1 : undefined,
};
