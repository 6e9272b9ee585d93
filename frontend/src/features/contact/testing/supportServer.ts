import { HttpResponse } from 'msw';
import { recordPosts } from '@/test/requests';
import type { CreatedTicket, TicketType } from '../types';

export const TICKET_PATH = '/api/support/create-ticket';

export function createdTicket(supportTicketType: TicketType = 'General'): CreatedTicket {
  return { reference: 'AS-7K3M-9Q2D', createdAt: '2026-11-24T10:00:00Z', supportTicketType };
}

/** Creates every ticket sent (of the type asked for) and records the requests. */
export function acceptTickets() {
  return recordPosts(TICKET_PATH, () => HttpResponse.json(createdTicket()));
}
