/** The topics of a support ticket (SPEC.md section 3), shared by the shop and the back office. */
export const TICKET_TYPES = [
  'General',
  'Order',
  'Payment',
  'Account',
  'Technical',
  'Copyright',
  'Other',
] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
