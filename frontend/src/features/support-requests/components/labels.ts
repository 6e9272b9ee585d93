import type { TicketStatus } from '../api/supportRequestsApi';

/** What each status means to the customer. */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'Received',
  open: 'Open',
  waiting: 'Answered',
  closed: 'Closed',
};

export const SUPPORT_REQUESTS_PATH = '/support-requests';
export const supportRequestPath = (id: number) => `${SUPPORT_REQUESTS_PATH}/${id}`;
