import type { StaffPermission } from './api/types';

export const ADMIN_HOME_PATH = '/admin';
export const ADMIN_SIGN_IN_PATH = '/admin/sign-in';
export const ADMIN_STAFF_PATH = '/admin/staff';
export const ADMIN_AUDIT_PATH = '/admin/audit';
export const ADMIN_ORDERS_PATH = '/admin/orders';
export const ADMIN_CUSTOMERS_PATH = '/admin/customers';
export const ADMIN_GIFT_CARDS_PATH = '/admin/gift-cards';
export const ADMIN_DASHBOARD_PATH = '/admin/dashboard';
export const ADMIN_TICKETS_PATH = '/admin/tickets';
export const ADMIN_CATALOGUE_PATH = '/admin/offers';
export const ADMIN_NEW_OFFER_PATH = '/admin/offers/new';

export const adminOrderPath = (id: number) => `${ADMIN_ORDERS_PATH}/${id}`;
export const adminCustomerPath = (id: number) => `${ADMIN_CUSTOMERS_PATH}/${id}`;
export const adminTicketPath = (id: number) => `${ADMIN_TICKETS_PATH}/${id}`;
export const adminOfferPath = (id: number) => `${ADMIN_CATALOGUE_PATH}/${id}`;

/** The sign-in page, coming back to `next` afterwards. */
export function signInPath(next?: string): string {
  return next === undefined
    ? ADMIN_SIGN_IN_PATH
    : `${ADMIN_SIGN_IN_PATH}?${new URLSearchParams({ next }).toString()}`;
}

/**
 * Where to go after signing in: `next` when it is a back-office page (never another site, nor the
 * sign-in or set-up pages), else the back office's home.
 */
export function destinationAfterSignIn(next: string | null): string {
  if (next === null || !/^\/admin(?:[/?#]|$)/.test(next)) return ADMIN_HOME_PATH;
  if (/^\/admin\/(?:sign-in|setup)(?:[/?#]|$)/.test(next)) return ADMIN_HOME_PATH;
  return next;
}

/** A screen of the back office, shown in its navigation and on its home to roles it permits. */
export interface AdminScreen {
  path: string;
  label: string;
  permission: StaffPermission;
  description: string;
}

/**
 * The screens that exist, in the navigation's order.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: ADMIN_ORDERS_PATH,
    label: 'Orders',
    permission: 'view_orders',
    description: 'Find an order, see its payment, ledger and mails, refund it.',
  },
  {
    path: ADMIN_CUSTOMERS_PATH,
    label: 'Customers',
    permission: 'view_customers',
    description: 'Find a customer, their orders and balance; lock them, adjust the balance.',
  },
  {
    path: ADMIN_GIFT_CARDS_PATH,
    label: 'Gift cards',
    permission: 'manage_gift_cards',
    description: 'Find a gift card, issue one as goodwill, void one.',
  },
  {
    path: ADMIN_DASHBOARD_PATH,
    label: 'Dashboard',
    permission: 'view_dashboard',
    description: 'Sales today, this week and this month from the ledger; CSV exports.',
  },
  {
    path: ADMIN_TICKETS_PATH,
    label: 'Tickets',
    permission: 'answer_tickets',
    description: 'Answer support requests, keep notes, assign, close and reopen them.',
  },
  {
    path: ADMIN_CATALOGUE_PATH,
    label: 'Catalogue',
    permission: 'edit_catalogue',
    description: 'Upload pictures, edit and price offers, publish or hide them.',
  },
  {
    path: ADMIN_STAFF_PATH,
    label: 'Staff',
    permission: 'manage_staff',
    description: 'Invite people, change their roles, suspend them, send a new set-up link.',
  },
  {
    path: ADMIN_AUDIT_PATH,
    label: 'Audit trail',
    permission: 'view_audit',
    description: 'Who did what in the back office, when and from where.',
  },
];

/** The screens a member with these permissions may open. */
export function screensFor(permissions: readonly StaffPermission[]): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => permissions.includes(screen.permission));
}
