import { api } from '@/lib/api/api';

export type TicketStatus = 'new' | 'open' | 'waiting' | 'closed';

export interface CustomerTicketMessage {
  id: number;
  at: string;
  author: 'customer' | 'staff';
  body: string;
}

/** A ticket as its writer sees it: never the shop's notes, never which member answered. */
export interface CustomerTicket {
  id: number;
  reference: string;
  type: string;
  status: TicketStatus;
  createdAt: string;
  lastMessageAt: string;
  messages?: CustomerTicketMessage[];
}

/** Where a conversation is read from: the signed-in customer's own, or a visitor's signed link. */
export type TicketAccess = { id: number; token?: undefined } | { id: number; token: string };

function ticketUrl({ id, token }: TicketAccess, tail = ''): string {
  return token === undefined
    ? `/api/support/tickets/${id}${tail}`
    : `/api/support/visitor-tickets/${id}${tail}?t=${encodeURIComponent(token)}`;
}

/** A customer's support requests and their conversations; a visitor's one through its link. */
export const supportRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportRequests: build.query<{ items: CustomerTicket[] }, undefined>({
      query: () => '/api/support/tickets',
      providesTags: ['SupportRequest'],
    }),
    getSupportRequest: build.query<CustomerTicket, TicketAccess>({
      query: (access) => ticketUrl(access),
      providesTags: ['SupportRequest'],
    }),
    answerSupportRequest: build.mutation<CustomerTicketMessage, TicketAccess & { body: string }>({
      query: ({ body, ...access }) => ({
        url: ticketUrl(access, '/messages'),
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: ['SupportRequest'],
    }),
  }),
});

export const {
  useGetSupportRequestsQuery,
  useGetSupportRequestQuery,
  useAnswerSupportRequestMutation,
} = supportRequestsApi;
