import type { TicketStatus } from './ticketsApi';

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  waiting: 'Waiting for customer',
  closed: 'Closed',
};

export { TICKET_TYPES } from '@/types/supportTicket';

/** How long ago `from` was, at `now`, in the largest whole unit: "3 d", "5 h", "12 min". */
export function ticketAge(from: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
