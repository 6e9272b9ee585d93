import type { ListPage } from '@/types/page';
import { adminApi } from '../../api/adminApi';
import type { OrderDetail, OrderRow, Refund } from '../../api/types';
import { listParams, type ListRequest } from '../../components/listAddress';

/** The filters of the order list, named as the API and the page's address name them. */
export const ORDER_FILTERS = [
  'Id',
  'Reference',
  'Email',
  'Status',
  'Refund',
  'From',
  'To',
  'Currency',
  'MinAmount',
  'MaxAmount',
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The server's order when none is asked for: newest first. */
export const DEFAULT_ORDER_SORT = '-createdAt';

export interface RefundRequest {
  orderId: number;
  idempotencyKey: string;
  lines: number[];
  giftCards: number[];
  /** The decimal text of the amount, or null for the sum of the items chosen. */
  amount: string | null;
  reason: string;
  returnToSale: boolean;
}

/** Orders, one order with all it led to, and its refunds. */
export const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<ListPage<OrderRow>, ListRequest<OrderFilter>>({
      query: (request) => ({ url: '/api/admin/orders', params: listParams(request) }),
      providesTags: ['Order'],
    }),
    getOrder: build.query<OrderDetail, number>({
      query: (id) => `/api/admin/orders/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    refundOrder: build.mutation<{ refund: Refund }, RefundRequest>({
      query: ({ orderId, idempotencyKey, ...body }) => ({
        url: `/api/admin/orders/${orderId}/refunds`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      // The order, the lists it is in (its refund status), the buyer's balance, the audit trail.
      invalidatesTags: ['Order', 'Customer', 'GiftCard', 'Audit'],
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery, useRefundOrderMutation } = ordersApi;
