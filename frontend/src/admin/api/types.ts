import type { ListPage } from '@/types/page';
import type { Billing } from '@/types/billing';
import type { Money } from '@/types/money';

/** The roles of docs/back-office.md's table, as the API names them. */
export const STAFF_ROLES = ['owner', 'support', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  support: 'Support',
  catalogue: 'Catalogue',
};

/** A permission's `name_of` (core/include/artshop/core/staff/staff_role.hpp). */
export type StaffPermission =
  | 'view_orders'
  | 'refund_within_limit'
  | 'refund_beyond_limit'
  | 'view_customers'
  | 'lock_customers'
  | 'adjust_within_limit'
  | 'adjust_beyond_limit'
  | 'manage_gift_cards'
  | 'answer_tickets'
  | 'edit_catalogue'
  | 'view_dashboard'
  | 'export_data'
  | 'manage_staff'
  | 'view_audit';

/** The member signed in: STAFF_ME of the staff API. */
export interface StaffMe {
  id: number;
  email: string;
  role: StaffRole;
  permissions: StaffPermission[];
}

/** GET /api/admin/session. */
export interface SessionInfo {
  expiresAt: string;
  idleMinutes: number;
  staff: StaffMe;
}

/** What signing in and finishing set-up answer: SESSION. */
export interface StaffSession extends SessionInfo {
  token: string;
}

export type StaffStatus = 'invited' | 'active' | 'suspended';

/** A member in the staff list: STAFF. */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  createdAt: string;
  lastSignInAt: string | null;
}

/** GET /api/admin/setup/{token}. */
export interface SetupInfo {
  email: string;
  role: StaffRole;
  needsPassword: boolean;
  secret: string;
  otpauthUrl: string;
}

/** POST /api/admin/setup/{token}. */
export interface SetupResult {
  recoveryCodes: string[];
  session: StaffSession;
}

/** One record of the audit trail: AUDIT. */
export interface AuditRecord {
  id: number;
  at: string;
  actor: { id: number; email: string } | null;
  address: string;
  action: string;
  object: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type AuditPage = ListPage<AuditRecord>;

/** Someone named by a record: a staff member, a buyer. */
export interface PersonRef {
  id: number;
  email: string;
}

export type OrderStatus = 'Pending' | 'Paid' | 'Failed' | 'Expired';
export type RefundStatus = 'None' | 'PartlyRefunded' | 'Refunded';
export type PaymentProvider = 'sandbox' | 'stripe' | 'balance';

/** An order in the back office's lists: ORDER_ROW. */
export interface OrderRow {
  id: number;
  reference: string;
  createdAt: string;
  customer: PersonRef;
  status: OrderStatus;
  refundStatus: RefundStatus;
  total: Money;
  refunded: Money;
  provider: PaymentProvider;
}

export interface OrderLine {
  number: number;
  offerId: number;
  offerAttributeId: number;
  title: string;
  sizeName: string;
  licence: string;
  price: Money;
  refunded: boolean;
}

export type GiftCardState = 'unpaid' | 'active' | 'redeemed' | 'voided';

/** A gift card bought with an order. */
export interface OrderGiftCard {
  id: number;
  /** Masked ("•••• •••• •••• 1234"), or null before it is paid. */
  number: string | null;
  amount: Money;
  state: GiftCardState;
}

export type RefundState = 'pending' | 'succeeded' | 'failed';

/** REFUND. */
export interface Refund {
  id: number;
  at: string;
  staff: PersonRef | null;
  amount: Money;
  reason: string;
  lines: number[];
  giftCards: number[];
  returnToSale: boolean;
  status: RefundState;
  source: 'staff' | 'provider';
}

export interface PaymentStep {
  at: string;
  from: string | null;
  to: string;
  source: 'placed' | 'webhook' | 'return_page' | 'expiry' | 'staff';
}

export interface LedgerEntry {
  account: string;
  side: 'Debit' | 'Credit';
  amount: Money;
  original: Money;
}

/** GET /api/admin/orders/{id}: ORDER_DETAIL. */
export interface OrderDetail extends Omit<OrderRow, 'customer'> {
  customer: PersonRef & { firstName: string; lastName: string };
  billing: Billing;
  lines: OrderLine[];
  giftCards: OrderGiftCard[];
  payment: {
    provider: PaymentProvider;
    reference: string;
    status: string;
    amount: Money;
    createdAt: string;
    expiresAt: string;
    settledAt: string | null;
    history: PaymentStep[];
  };
  webhookEvents: { eventId: string; kind: string; receivedAt: string }[];
  ledger: { reference: string; at: string; entries: LedgerEntry[] }[];
  artworks: {
    id: number;
    lineNumber: number;
    title: string;
    sizeName: string;
    downloadable: boolean;
  }[];
  mails: { at: string; to: string; subject: string; status: 'queued' | 'sent' | 'failed' }[];
  refunds: Refund[];
}

/** A customer in the back office's list: CUSTOMER_ROW. */
export interface CustomerRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  locked: boolean;
  /** In EUR. */
  balance: Money;
}

/** GIFT_CARD of the back office. */
export interface GiftCard {
  id: number;
  number: string | null;
  /** In EUR. */
  value: Money;
  bought: Money;
  state: GiftCardState;
  orderId: number | null;
  buyer: PersonRef | null;
  recipient: string | null;
  issuedAt: string;
  redeemedAt: string | null;
  voidedAt: string | null;
  issuedBy: PersonRef | null;
}

/** GET /api/admin/customers/{id}. */
export interface CustomerDetail {
  customer: CustomerRow & { lockedAt: string | null };
  billing: Billing | null;
  orders: OrderRow[];
  ordersTotal: number;
  tickets: { id: number; subject: string; status: string; createdAt: string }[];
  sessions: { id: string; signedInAt: string; lastUsedAt: string; expiresAt: string }[];
  giftCards: GiftCard[];
}

/** A line of a customer's balance ledger, newest first. */
export interface BalanceEntry {
  at: string;
  reference: string;
  description: string;
  /** Signed: "-3.20" for a debit of the balance. */
  amount: Money;
  balanceAfter: Money;
}

/** An offer's state in the back office: on sale, a draft or taken off sale, or a sold exclusive. */
export type OfferState = 'published' | 'hidden' | 'sold';

/** OFFER_ROW of GET /api/admin/offers. */
export interface AdminOfferRow {
  id: number;
  urlName: string;
  title: string;
  /** /media/... */
  thumbnail: string;
  category: string;
  style: string;
  state: OfferState;
  exclusive: boolean;
  sold: boolean;
  createdAt: string;
  /** The cheapest size's price, EUR. */
  price: Money;
}

/** A size and licence of an offer, with its price. */
export interface OfferSize {
  attributeId: number;
  name: string;
  longEdge: number;
  width: number;
  height: number;
  licence: string;
  price: Money;
}

/** OFFER_DETAIL of GET /api/admin/offers/{id}. */
export interface AdminOffer extends AdminOfferRow {
  description: string;
  tags: string[];
  width: number;
  height: number;
  preview: string;
  /** An order holds it: whether it is exclusive cannot change. */
  ordered: boolean;
  sizes: OfferSize[];
}
