import { api, ORDER_LIST_TAG } from '@/lib/api/api';
import { numberedPages } from '@/lib/api/pages';
import type { Order } from '@/types/order';
import type { ListPage } from '@/types/page';

/** Orders per page of the history (the server allows up to 100). */
export const ORDER_HISTORY_PAGE_SIZE = 20;

/** One page of GET /api/orders, newest first. */
export type OrderPage = ListPage<Order>;

/** The customer's orders; placing one is the cart's checkout. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.infiniteQuery<OrderPage, undefined, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ pageParam }) => ({
        url: '/api/orders',
        params: { Page: pageParam, PageSize: ORDER_HISTORY_PAGE_SIZE },
      }),
      providesTags: [ORDER_LIST_TAG],
    }),
    getOrder: build.query<Order, number>({
      query: (id) => `/api/orders/${id}`,
      providesTags: (_order, _error, id) => [{ type: 'Orders', id }],
      // An order that has just been settled changes the list, the balance and the artworks.
      async onQueryStarted(_id, lifecycle) {
        const before = lifecycle.getCacheEntry().data?.status;
        try {
          const { data } = await lifecycle.queryFulfilled;
          if (data.status !== 'Pending' && data.status !== before) {
            lifecycle.dispatch(api.util.invalidateTags([ORDER_LIST_TAG, 'Balance', 'Artworks']));
          }
        } catch {
          // The page shows the failure.
        }
      },
    }),
  }),
});

export const { useGetOrdersInfiniteQuery, useGetOrderQuery } = ordersApi;
