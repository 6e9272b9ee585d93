import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeCart, storedCart, cartItem } from '@/features/cart/testing/cartStorage';
import { money } from '@/test/money';
import { renderApp, signIn } from '@/test/render';
import { line, makeOrder, serveOrders, serveOrderStates } from '../testing/ordersServer';

const OLDER = makeOrder({
  id: 12,
  reference: 'ord_older',
  status: 'Paid',
  payByBalance: true,
  createdAt: '2026-11-20T09:00:00Z',
  settledAt: '2026-11-20T09:00:00Z',
  lines: [line(2, 'Neon Alley')],
});
const WITH_GIFT_CARD = makeOrder({
  id: 17,
  status: 'Paid',
  createdAt: '2026-11-22T10:00:00Z',
  total: money(4950),
  giftCards: [{ amount: money(2500), number: 'ABCD-EFGH-JKMN-PQRS' }],
});

function openHistory(path = '/order-history') {
  signIn();
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const orderCard = (id: number) => screen.getByRole('article', { name: `Order #${id}` });

describe('order history', () => {
  it('lists the orders newest first with their lines, status, total and gift-card numbers', async () => {
    serveOrders([OLDER, WITH_GIFT_CARD]);
    const { user } = openHistory();

    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Order #17', 'Order #12']);

    const newest = within(orderCard(17));
    expect(newest.getByText('Misty Fjord at Dawn')).toBeInTheDocument();
    expect(newest.getByText('4K, 3,840 px, personal licence')).toBeInTheDocument();
    expect(newest.getByText('€24.50')).toBeInTheDocument();
    expect(newest.getByText('Gift card')).toBeInTheDocument();
    expect(newest.getByText('€25.00')).toBeInTheDocument();
    expect(newest.getByText('Total €49.50')).toBeInTheDocument();
    expect(newest.getByText('Paid')).toBeInTheDocument();
    expect(newest.getByText(/Reference ord_7f3a9c/)).toBeInTheDocument();
    expect(newest.getByText(/2026/)).toBeInTheDocument();
    expect(newest.getByText('ABCD-EFGH-JKMN-PQRS').tagName).toBe('CODE');

    await user.click(newest.getByLabelText('Copy gift card number ABCD-EFGH-JKMN-PQRS'));
    expect(await navigator.clipboard.readText()).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(await screen.findByText('The gift card number has been copied.')).toBeInTheDocument();

    expect(within(orderCard(12)).getByText('Paid from your balance')).toBeInTheDocument();
  });

  it('says when an order was refunded, whole or in part', async () => {
    serveOrders([
      { ...OLDER, refundStatus: 'Refunded', refunded: money(2450) },
      { ...WITH_GIFT_CARD, refundStatus: 'PartlyRefunded', refunded: money(1250) },
    ]);
    openHistory();

    expect(
      await within(await screen.findByRole('article', { name: 'Order #12' })).findByText(
        'Refunded',
      ),
    ).toBeInTheDocument();
    expect(within(orderCard(17)).getByText('Partly refunded · 12.50 EUR')).toBeInTheDocument();
    expect(within(orderCard(17)).queryByText('Refunded')).not.toBeInTheDocument();
  });

  it('says nothing about refunds for an order none was made of', async () => {
    serveOrders([OLDER]);
    openHistory();

    expect(await screen.findByRole('article', { name: 'Order #12' })).toBeInTheDocument();
    expect(within(orderCard(12)).queryByText(/refunded/i)).not.toBeInTheDocument();
  });

  it('says when a gift card number is still to come', async () => {
    serveOrders([makeOrder({ giftCards: [{ amount: money(2500), number: null }], lines: [] })]);
    openHistory();
    expect(
      await screen.findByText('Its number appears here once the order is paid.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not paid yet')).toBeInTheDocument();
  });

  it('follows the order paid on the payment page until it is paid, then empties its pictures from the cart', async () => {
    storeCart([cartItem(1), cartItem(3)]);
    const pending = makeOrder({ giftCards: [{ amount: money(2500), number: null }] });
    const paid = makeOrder({
      status: 'Paid',
      settledAt: '2026-11-22T10:01:00Z',
      giftCards: [{ amount: money(2500), number: 'WXYZ-2345-6789-ABCD' }],
    });
    const orderCalls = serveOrderStates([pending, pending, paid]);
    const listCalls = serveOrders([pending]);
    openHistory('/order-history?order=17');

    expect(await screen.findByText('Waiting for the payment…')).toBeInTheDocument();
    expect(await screen.findByText('Payment received', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(orderCalls.count).toBe(3);
    expect(await screen.findByText('WXYZ-2345-6789-ABCD')).toBeInTheDocument();
    expect(orderCard(17)).toHaveAttribute('aria-current', 'true');
    expect(within(orderCard(17)).getByText('Paid')).toBeInTheDocument();
    // The list is fetched again once the order is settled.
    await waitFor(() => expect(listCalls.count).toBe(2));
    // Offer 1 was bought; offer 3 was added to the cart later and stays.
    expect(storedCart()).toEqual([cartItem(3)]);
    expect(screen.getByLabelText('Cart, 1 item')).toBeInTheDocument();
  }, 20_000);

  it('says when the payment failed, and keeps the cart', async () => {
    storeCart([cartItem(1)]);
    const failed = makeOrder({ status: 'Failed' });
    serveOrderStates([failed]);
    serveOrders([failed]);
    openHistory('/order-history?order=17');

    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing was charged. The pictures are still in your cart.'),
    ).toBeInTheDocument();
    expect(storedCart()).toEqual([cartItem(1)]);
  });

  it('says when the customer cancelled on the payment page', async () => {
    const pending = makeOrder();
    const orderCalls = serveOrderStates([pending]);
    serveOrders([pending]);
    openHistory('/order-history?order=17&cancelled=1');

    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    expect(await screen.findByText('Order #17')).toBeInTheDocument();
    expect(orderCalls.count).toBe(1);
    // The server keeps the order Pending until it expires; to the customer it is not paid.
    const chip = within(orderCard(17)).getByText('Not paid yet');
    expect(within(orderCard(17)).queryByText('Pending')).not.toBeInTheDocument();
    // The warning badge: dark amber on light amber (the contrast itself is checked in the browser,
    // e2e/buying-path.spec.ts, where the stylesheets apply).
    expect(chip).toHaveClass('badge', 'badge--warning');
  });

  it('tells a customer who paid for a gift card alone where its number is, not about Artworks', async () => {
    const giftCardOnly = makeOrder({
      status: 'Paid',
      lines: [],
      giftCards: [{ amount: money(2500), number: 'ABCD-EFGH-JKMN-PQRS' }],
    });
    serveOrderStates([giftCardOnly]);
    serveOrders([giftCardOnly]);
    openHistory('/order-history?order=17');

    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(
      screen.getByText('Thank you! The gift card number is in the order below, ready to give.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Artworks/)).not.toBeInTheDocument();
  });

  it('says where both are when pictures and a gift card were paid together', async () => {
    serveOrderStates([WITH_GIFT_CARD]);
    serveOrders([WITH_GIFT_CARD]);
    openHistory('/order-history?order=17');

    expect(
      await screen.findByText(
        'Thank you! Your pictures are ready to download under Artworks, and the gift card number is in the order below.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing about the cart when a gift card alone was not paid', async () => {
    const failed = makeOrder({
      status: 'Failed',
      lines: [],
      giftCards: [{ amount: money(2500), number: null }],
    });
    serveOrderStates([failed]);
    serveOrders([failed]);
    openHistory('/order-history?order=17');

    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged.')).toBeInTheDocument();
  });

  it('shows 20 orders at first and the older ones on "Load more orders"', async () => {
    const orders = Array.from({ length: 25 }, (_, i) =>
      makeOrder({
        id: 100 - i,
        reference: `ord_${i}`,
        createdAt: `2026-11-${String(25 - i).padStart(2, '0')}T10:00:00Z`,
      }),
    );
    const calls = serveOrders(orders);
    const { user } = openHistory();

    expect(await screen.findByText('Order #100')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByText('Order #80')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more orders' }));

    expect(await screen.findByText('Order #76')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
    expect(calls.count).toBe(2);
  });

  it('says when there are no orders yet', async () => {
    serveOrders([]);
    openHistory();
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the gallery' })).toHaveAttribute(
      'href',
      '/gallery',
    );
  });
});
