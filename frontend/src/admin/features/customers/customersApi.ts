import type { Money } from '@/types/money';
import type { ListPage } from '@/types/page';
import { adminApi } from '../../api/adminApi';
import type { BalanceEntry, CustomerDetail, CustomerRow, PersonRef } from '../../api/types';
import { listParams, type ListRequest } from '../../components/listAddress';

export const CUSTOMER_FILTERS = ['Query'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/** The server's order when none is asked for: newest first. */
export const DEFAULT_CUSTOMER_SORT = '-createdAt';

export type AdjustmentDirection = 'credit' | 'debit';

export interface AdjustmentRequest {
  customerId: number;
  idempotencyKey: string;
  direction: AdjustmentDirection;
  /** EUR, decimal text. */
  amount: string;
  reason: string;
}

export interface Adjustment {
  adjustment: {
    id: number;
    at: string;
    staff: PersonRef;
    direction: AdjustmentDirection;
    amount: Money;
    reason: string;
  };
  balance: Money;
}

type CustomerRowWithLock = CustomerRow & { lockedAt: string | null };

/** Customers, one customer with what is theirs, their balance's ledger, and what staff do to them. */
export const customersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomers: build.query<ListPage<CustomerRow>, ListRequest<CustomerFilter>>({
      query: (request) => ({ url: '/api/admin/customers', params: listParams(request) }),
      providesTags: ['Customer'],
    }),
    getCustomer: build.query<CustomerDetail, number>({
      query: (id) => `/api/admin/customers/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Customer', id }],
    }),
    getCustomerLedger: build.query<ListPage<BalanceEntry>, { id: number; page: number }>({
      query: ({ id, page }) => ({
        url: `/api/admin/customers/${id}/ledger`,
        params: listParams({ filters: {}, page, sort: '' }),
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Customer', id }],
    }),
    signOutEverywhere: build.mutation<null, number>({
      query: (id) => ({ url: `/api/admin/customers/${id}/sign-out-everywhere`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Customer', id }, 'Audit'],
    }),
    lockCustomer: build.mutation<CustomerRowWithLock, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/api/admin/customers/${id}/lock`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Customer', 'Audit'],
    }),
    unlockCustomer: build.mutation<CustomerRowWithLock, number>({
      query: (id) => ({ url: `/api/admin/customers/${id}/unlock`, method: 'POST' }),
      invalidatesTags: ['Customer', 'Audit'],
    }),
    adjustBalance: build.mutation<Adjustment, AdjustmentRequest>({
      query: ({ customerId, idempotencyKey, ...body }) => ({
        url: `/api/admin/customers/${customerId}/adjustments`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      invalidatesTags: ['Customer', 'Audit'],
    }),
  }),
});

export const {
  useGetCustomersQuery,
  useGetCustomerQuery,
  useGetCustomerLedgerQuery,
  useSignOutEverywhereMutation,
  useLockCustomerMutation,
  useUnlockCustomerMutation,
  useAdjustBalanceMutation,
} = customersApi;
