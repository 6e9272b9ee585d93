import { http, HttpResponse } from 'msw';
import type { Currency } from '@/config/constants';
import { money } from '@/test/money';
import { apiUrl, server } from '@/test/server';
import type { Order, OrderLine } from '@/types/order';

/** The 4K line of an offer made by makeOffer (attribute id = offer id × 10 + 2). */
export function line(offerId: number, title: string, currency: Currency = 'EUR'): OrderLine {
  return {
    offerId,
    offerAttributeId: offerId * 10 + 2,
    title,
    sizeName: '4K',
    longEdge: 3840,
    licence: 'Personal',
    price: money(2450, currency),
  };
}

/** An order as the server answers it: one 4K line of offer 1 unless told otherwise. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [line(1, 'Misty Fjord at Dawn')];
  return {
    id: 17,
    reference: 'ord_7f3a9c',
    status: 'Pending',
    currency: 'EUR',
    total: money(2450),
    payByBalance: false,
    createdAt: '2026-11-22T10:00:00Z',
    expiresAt: '2026-11-22T10:30:00Z',
    settledAt: null,
    firstName: 'Ann',
    lastName: 'Lee',
    lines,
    giftCards: [],
    refundStatus: 'None',
    refunded: money(0, overrides.currency ?? 'EUR'),
    ...overrides,
  };
}

/** Answers GET /api/orders with the asked-for page of the list and counts the calls. */
export function serveOrders(orders: Order[]) {
  const calls = { count: 0 };
  server.use(
    http.get(apiUrl('/api/orders'), ({ request }) => {
      calls.count += 1;
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('Page') ?? '1');
      const pageSize = Number(params.get('PageSize') ?? '20');
      const items = orders.slice((page - 1) * pageSize, page * pageSize);
      return HttpResponse.json({ items, total: orders.length, page, pageSize });
    }),
  );
  return calls;
}

/**
 * Answers GET /api/orders/{id} with each state in turn, staying at the last; unknown ids get a
 * 404. Counts the calls.
 */
export function serveOrderStates(states: Order[]) {
  const calls = { count: 0 };
  server.use(
    http.get(apiUrl('/api/orders/:id'), ({ params }) => {
      const state = states[Math.min(calls.count, states.length - 1)];
      calls.count += 1;
      if (state === undefined || String(state.id) !== params.id) {
        return HttpResponse.json({ title: 'Not found', status: 404 }, { status: 404 });
      }
      return HttpResponse.json(state);
    }),
  );
  return calls;
}
