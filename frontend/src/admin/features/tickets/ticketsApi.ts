import type { ListPage } from '@/types/page';
import { adminApi } from '../../api/adminApi';
import { listParams, type ListRequest } from '../../components/listAddress';

export const TICKET_FILTERS = ['Status', 'Type', 'Assignee', 'Query'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];

export type TicketStatus = 'new' | 'open' | 'waiting' | 'closed';

/** TICKET_ROW: a ticket as the desk lists it. */
export interface TicketRow {
  id: number;
  reference: string;
  type: string;
  email: string;
  name: string;
  status: TicketStatus;
  assignee: { id: number; email: string } | null;
  createdAt: string;
  lastMessageAt: string;
}

export interface StaffTicketMessage {
  id: number;
  at: string;
  author: 'customer' | 'staff';
  staff: { id: number; email: string } | null;
  body: string;
  /** A note for staff: never shown or mailed to the customer. */
  internal: boolean;
}

export interface StaffTicket {
  ticket: TicketRow & { accountId: number | null };
  messages: StaffTicketMessage[];
}

/** The support desk: tickets listed, read, answered, assigned, closed and reopened. */
export const ticketsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getTickets: build.query<ListPage<TicketRow>, ListRequest<TicketFilter>>({
      query: (request) => ({ url: '/api/admin/tickets', params: listParams(request) }),
      providesTags: ['Ticket'],
    }),
    getTicket: build.query<StaffTicket, number>({
      query: (id) => `/api/admin/tickets/${id}`,
      providesTags: ['Ticket'],
    }),
    answerTicket: build.mutation<
      StaffTicketMessage,
      { id: number; body: string; internal: boolean }
    >({
      query: ({ id, ...body }) => ({
        url: `/api/admin/tickets/${id}/messages`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Ticket', 'Audit'],
    }),
    assignTicket: build.mutation<TicketRow, { id: number; staffId: number | null }>({
      query: ({ id, staffId }) => ({
        url: `/api/admin/tickets/${id}/assign`,
        method: 'POST',
        body: { staffId },
      }),
      invalidatesTags: ['Ticket', 'Audit'],
    }),
    changeTicketStatus: build.mutation<TicketRow, { id: number; action: 'close' | 'reopen' }>({
      query: ({ id, action }) => ({ url: `/api/admin/tickets/${id}/${action}`, method: 'POST' }),
      invalidatesTags: ['Ticket', 'Audit'],
    }),
  }),
});

export const {
  useGetTicketsQuery,
  useGetTicketQuery,
  useAnswerTicketMutation,
  useAssignTicketMutation,
  useChangeTicketStatusMutation,
} = ticketsApi;
