/** Support tickets (SPEC.md section 3, DESIGN.md section 8). */

import type { TicketType } from '@/types/supportTicket';

export { TICKET_TYPES, type TicketType } from '@/types/supportTicket';

export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  General: 'A general question',
  Order: 'An order',
  Payment: 'A payment',
  Account: 'My account',
  Technical: 'A technical problem',
  Copyright: 'Copyright',
  Other: 'Something else',
};

/** The longest description the server takes; the shortest is DESCRIPTION_MIN_LENGTH. */
export const DESCRIPTION_MAX_LENGTH = 5000;
export const DESCRIPTION_MIN_LENGTH = 10;
export const NAME_MAX_LENGTH = 100;

/** POST /api/support/create-ticket. */
export interface TicketRequest {
  email: string;
  name: string;
  supportTicketType: TicketType;
  description: string;
}

export interface CreatedTicket {
  /** Quoted in the confirmation mail, such as AS-7K3M-9Q2D. */
  reference: string;
  createdAt: string;
  supportTicketType: TicketType;
}
