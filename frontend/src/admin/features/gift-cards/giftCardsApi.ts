import type { ListPage } from '@/types/page';
import { adminApi } from '../../api/adminApi';
import type { GiftCard } from '../../api/types';
import { listParams, type ListRequest } from '../../components/listAddress';

export const GIFT_CARD_FILTERS = ['Query', 'State'] as const;
export type GiftCardFilter = (typeof GIFT_CARD_FILTERS)[number];

export interface IssueRequest {
  idempotencyKey: string;
  /** EUR, decimal text. */
  amount: string;
  email: string;
  message: string;
}

/** Gift cards, a goodwill card issued, a card voided. */
export const giftCardsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getGiftCards: build.query<ListPage<GiftCard>, ListRequest<GiftCardFilter>>({
      query: (request) => ({ url: '/api/admin/gift-cards', params: listParams(request) }),
      providesTags: ['GiftCard'],
    }),
    issueGiftCard: build.mutation<GiftCard, IssueRequest>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/api/admin/gift-cards',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body,
      }),
      invalidatesTags: ['GiftCard', 'Audit'],
    }),
    voidGiftCard: build.mutation<GiftCard, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/api/admin/gift-cards/${id}/void`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['GiftCard', 'Order', 'Customer', 'Audit'],
    }),
  }),
});

export const { useGetGiftCardsQuery, useIssueGiftCardMutation, useVoidGiftCardMutation } =
  giftCardsApi;
