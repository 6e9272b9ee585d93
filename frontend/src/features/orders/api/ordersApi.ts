import { api, ORDER_LIST_TAG } from '@/lib/api/api';
import type { Order } from '@/types/order';

/** The customer's orders (contract of issue 5); placing one is the cart's checkout. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<Order[], undefined>({
      query: () => '/api/orders',
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

export const { useGetOrdersQuery, useGetOrderQuery } = ordersApi;
