import { api } from '@/lib/api/api';
import type { CreatedTicket, TicketRequest } from '../types';

/** Open to visitors; a signed-in customer's ticket carries the bearer token like every call. */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTicket: build.mutation<CreatedTicket, TicketRequest>({
      query: (body) => ({ url: '/api/support/create-ticket', method: 'POST', body }),
    }),
  }),
});

export const { useCreateTicketMutation } = supportApi;
