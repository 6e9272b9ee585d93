import { money } from '@/test/money';
import type {
  BalanceEntry,
  CustomerDetail,
  CustomerRow,
  GiftCard,
  OrderDetail,
  OrderRow,
  Refund,
} from '../api/types';

/**
 * Records of the second slice of the back-office API (orders, refunds, customers, balances, gift
 * cards), shaped as its contract says; each test changes what it is about.
 */

export function orderRow(overrides: Partial<OrderRow> & Pick<OrderRow, 'id'>): OrderRow {
  return {
    reference: `ord_${overrides.id}`,
    createdAt: '2026-11-26T10:00:00Z',
    customer: { id: 7, email: 'ann@example.com' },
    status: 'Paid',
    refundStatus: 'None',
    total: money(3750),
    refunded: money(0),
    provider: 'sandbox',
    ...overrides,
  };
}

export function refundRecord(overrides: Partial<Refund> & Pick<Refund, 'id'>): Refund {
  return {
    at: '2026-11-27T09:30:00Z',
    staff: { id: 1, email: 'ann@example.com' },
    amount: money(1250),
    reason: 'The file was damaged',
    lines: [1],
    giftCards: [],
    returnToSale: false,
    status: 'pending',
    source: 'staff',
    ...overrides,
  };
}

/**
 * Order 42: two pictures (12.50 and 25.00 EUR), a gift card of 20.00 EUR that was redeemed and
 * one of 10.00 EUR still active, paid through the sandbox.
 */
export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...orderRow({ id: 42, total: money(6750) }),
    customer: { id: 7, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' },
    billing: {
      country: 'DE',
      state: '',
      city: 'Berlin',
      address1: 'Unter den Linden 1',
      zipCode: '10117',
    },
    lines: [
      {
        number: 1,
        offerId: 3,
        offerAttributeId: 12,
        title: 'Harbour at dawn',
        sizeName: '4K',
        licence: 'Personal',
        price: money(1250),
        refunded: false,
      },
      {
        number: 2,
        offerId: 4,
        offerAttributeId: 15,
        title: 'Red fox',
        sizeName: '8K',
        licence: 'Commercial',
        price: money(2500),
        refunded: false,
      },
    ],
    giftCards: [
      { id: 5, number: '•••• •••• •••• 1234', amount: money(2000), state: 'redeemed' },
      { id: 6, number: '•••• •••• •••• 5678', amount: money(1000), state: 'active' },
    ],
    payment: {
      provider: 'sandbox',
      reference: 'sbx_pay_9',
      status: 'Paid',
      amount: money(6750),
      createdAt: '2026-11-26T10:00:00Z',
      expiresAt: '2026-11-26T10:30:00Z',
      settledAt: '2026-11-26T10:01:00Z',
      history: [
        { at: '2026-11-26T10:00:00Z', from: null, to: 'Pending', source: 'placed' },
        { at: '2026-11-26T10:01:00Z', from: 'Pending', to: 'Paid', source: 'webhook' },
      ],
    },
    webhookEvents: [
      {
        eventId: 'evt_sbx_1',
        kind: 'checkout.session.completed',
        receivedAt: '2026-11-26T10:01:00Z',
      },
    ],
    ledger: [
      {
        reference: 'order:ord_42',
        at: '2026-11-26T10:01:00Z',
        entries: [
          { account: 'ProviderCash', side: 'Debit', amount: money(6750), original: money(6750) },
          { account: 'Sales', side: 'Credit', amount: money(3750), original: money(3750) },
          {
            account: 'GiftCardsOutstanding',
            side: 'Credit',
            amount: money(3000),
            original: money(3000),
          },
        ],
      },
    ],
    artworks: [
      { id: 9, lineNumber: 1, title: 'Harbour at dawn', sizeName: '4K', downloadable: true },
      { id: 10, lineNumber: 2, title: 'Red fox', sizeName: '8K', downloadable: false },
    ],
    mails: [
      {
        at: '2026-11-26T10:01:30Z',
        to: 'ann@example.com',
        subject: 'Your order ord_42',
        status: 'sent',
      },
    ],
    refunds: [],
    ...overrides,
  };
}

export function customerRow(
  overrides: Partial<CustomerRow> & Pick<CustomerRow, 'id' | 'email'>,
): CustomerRow {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    createdAt: '2026-11-01T08:00:00Z',
    locked: false,
    balance: money(320),
    ...overrides,
  };
}

export function giftCard(overrides: Partial<GiftCard> & Pick<GiftCard, 'id'>): GiftCard {
  return {
    number: '•••• •••• •••• 1234',
    value: money(2500),
    bought: money(2500),
    state: 'active',
    orderId: 42,
    buyer: { id: 7, email: 'ann@example.com' },
    recipient: 'bob@example.com',
    issuedAt: '2026-11-26T10:01:00Z',
    redeemedAt: null,
    voidedAt: null,
    issuedBy: null,
    ...overrides,
  };
}

/** Customer 7, ann@example.com, with 3.20 EUR on the balance and one order. */
export function customerDetail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    customer: { ...customerRow({ id: 7, email: 'ann@example.com' }), lockedAt: null },
    billing: orderDetail().billing,
    orders: [orderRow({ id: 42 })],
    ordersTotal: 1,
    tickets: [
      { id: 4, subject: 'My download stopped', status: 'Open', createdAt: '2026-11-26T12:00:00Z' },
    ],
    sessions: [
      {
        id: 'ses_1',
        signedInAt: '2026-11-27T08:00:00Z',
        lastUsedAt: '2026-11-27T09:00:00Z',
        expiresAt: '2026-12-04T08:00:00Z',
      },
    ],
    giftCards: [giftCard({ id: 5 })],
    ...overrides,
  };
}

export function balanceEntry(overrides: Partial<BalanceEntry> = {}): BalanceEntry {
  return {
    at: '2026-11-20T08:00:00Z',
    reference: 'deposit:3',
    description: 'Deposit',
    amount: money(320),
    balanceAfter: money(320),
    ...overrides,
  };
}
