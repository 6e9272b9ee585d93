import type { Currency } from '@/config/constants';
import { api } from '@/lib/api/api';
import { IDEMPOTENCY_HEADER } from '@/lib/api/idempotency';
import type { Money } from '@/types/money';
import type { Deposit, DepositPlacement, DepositRequest, Redemption } from '../types';

/** The prepaid balance: its amount, deposits and gift-card redemption. */
export const balanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Converted into the display currency and rounded down by the server. */
    getBalance: build.query<Money, Currency>({
      query: (currency) => ({ url: '/api/balance', method: 'POST', body: { currency } }),
      transformResponse: (answer: { balance: Money }) => answer.balance,
      providesTags: ['Balance'],
    }),
    placeDeposit: build.mutation<
      DepositPlacement,
      { body: DepositRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/api/balance/deposit',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    }),
    getDeposit: build.query<Deposit, number>({
      query: (id) => `/api/balance/deposits/${id}`,
      // A deposit that has just been paid changes the balance.
      async onQueryStarted(_id, lifecycle) {
        const before = lifecycle.getCacheEntry().data?.status;
        try {
          const { data } = await lifecycle.queryFulfilled;
          if (data.status === 'Paid' && before !== 'Paid') {
            lifecycle.dispatch(api.util.invalidateTags(['Balance']));
          }
        } catch {
          // The page shows the failure.
        }
      },
    }),
    redeemGiftCard: build.mutation<Redemption, { giftCardNumber: string; idempotencyKey: string }>({
      query: ({ giftCardNumber, idempotencyKey }) => ({
        url: '/api/balance/gift-card',
        method: 'POST',
        body: { giftCardNumber },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: (result) => (result === undefined ? [] : ['Balance']),
    }),
  }),
});

export const {
  useGetBalanceQuery,
  usePlaceDepositMutation,
  useGetDepositQuery,
  useRedeemGiftCardMutation,
} = balanceApi;
