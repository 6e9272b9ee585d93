import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { money } from '@/test/money';
import { renderApp } from '@/test/render';
import type { OrderDetail, StaffMe } from '../../api/types';
import { orderDetail, refundRecord } from '../../testing/backOfficeData';
import {
  answer,
  OWNER,
  refusal,
  STAFF_TOKEN,
  staffSignedIn,
  SUPPORT,
} from '../../testing/staffServer';
import { section } from '../../testing/regions';

/** Order 42 as the server answers it, `after` once a refund was made. */
function serveOrder(before: OrderDetail, after: OrderDetail = before) {
  let refunded = false;
  const reads = answer('get', '/api/admin/orders/42', () =>
    HttpResponse.json(refunded ? after : before),
  );
  return { reads, refundMade: () => (refunded = true) };
}

function openOrder(order: OrderDetail = orderDetail(), staff: StaffMe = OWNER) {
  staffSignedIn(staff);
  const served = serveOrder(order);
  const view = renderApp('/admin/orders/42');
  return { ...view, ...served, user: userEvent.setup({ delay: null }) };
}

async function openRefund(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund order 42' });
}

describe('an order', () => {
  it('shows the order, its customer, lines, gift cards, payment, webhooks, ledger, artworks, mails and refunds', async () => {
    openOrder(
      orderDetail({
        refundStatus: 'PartlyRefunded',
        refunded: money(1250),
        lines: orderDetail().lines.map((line) => ({ ...line, refunded: line.number === 1 })),
        refunds: [refundRecord({ id: 3, status: 'succeeded' })],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 42' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Summary' });
    expect(section('Summary').getByText('ord_42')).toBeInTheDocument();
    expect(section('Summary').getByText('Paid · Partly refunded')).toBeInTheDocument();
    expect(section('Summary').getByText('€67.50')).toBeInTheDocument();
    expect(section('Customer').getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      '/admin/customers/7',
    );
    expect(section('Customer').getByText('Ann Lee')).toBeInTheDocument();
    expect(section('Customer').getByText('Unter den Linden 1')).toBeInTheDocument();
    const harbour = within(section('Lines').getByRole('row', { name: /Harbour at dawn/ }));
    expect(harbour.getByText('Refunded')).toBeInTheDocument();
    const fox = within(section('Lines').getByRole('row', { name: /Red fox/ }));
    expect(fox.queryByText('Refunded')).toBeNull();
    expect(section('Gift cards').getByText('•••• •••• •••• 1234')).toBeInTheDocument();
    expect(section('Gift cards').getByText('Redeemed')).toBeInTheDocument();
    expect(section('Payment').getByText('New → Pending')).toBeInTheDocument();
    expect(section('Payment').getByText('Pending → Paid')).toBeInTheDocument();
    expect(section('Payment').getByText('webhook')).toBeInTheDocument();
    expect(section('Webhook events').getByText('evt_sbx_1')).toBeInTheDocument();
    const posting = within(section('Ledger').getByRole('table', { name: 'Posting order:ord_42' }));
    expect(posting.getByRole('row', { name: /ProviderCash Debit €67.50/ })).toBeInTheDocument();
    expect(posting.getByRole('row', { name: /Sales Credit €37.50/ })).toBeInTheDocument();
    expect(section('Artworks').getByRole('row', { name: /Red fox/ })).toHaveTextContent(
      'Not downloadable',
    );
    expect(section('Mails').getByText('Your order ord_42')).toBeInTheDocument();
    const refund = within(section('Refunds').getByRole('row', { name: /damaged/ }));
    expect(refund.getByText('ann@example.com')).toBeInTheDocument();
    expect(refund.getByText('€12.50')).toBeInTheDocument();
    expect(refund.getByText('Lines 1')).toBeInTheDocument();
    expect(refund.getByText('Succeeded')).toBeInTheDocument();
  });

  it('passes axe', async () => {
    openOrder(orderDetail({ refunds: [refundRecord({ id: 3 })] }));
    await screen.findByRole('region', { name: 'Refunds' });
    await expectNoAxeViolations();
  });

  it('names the customer without a link, and offers no refund, to a role that may only view orders', async () => {
    openOrder(orderDetail(), { ...SUPPORT, permissions: ['view_orders'] });
    await screen.findByRole('region', { name: 'Customer' });
    expect(section('Customer').getByText('ann@example.com')).toBeInTheDocument();
    expect(section('Customer').queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds the ticked lines to the card: the sum shown live, the confirmation, one key, the order asked for again', async () => {
    const { reads, refundMade, user } = openOrder();
    const refunds = answer('post', '/api/admin/orders/42/refunds', () => {
      refundMade();
      return HttpResponse.json({ refund: refundRecord({ id: 3, lines: [1, 2] }) }, { status: 201 });
    });
    const dialog = await openRefund(user);
    await expectNoAxeViolations();
    // The redeemed card cannot be ticked, and says why.
    const redeemed = within(dialog).getByRole('checkbox', { name: /1234/ });
    expect(redeemed).toBeDisabled();
    expect(within(dialog).getByText('Redeemed: it cannot be refunded.')).toBeInTheDocument();
    const ticked = within(dialog).getByRole('status');
    expect(ticked).toHaveTextContent('Ticked: 0.00 EUR');
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 1: Harbour at dawn/ }));
    expect(ticked).toHaveTextContent('Ticked: 12.50 EUR');
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 2: Red fox/ }));
    expect(ticked).toHaveTextContent('Ticked: 37.50 EUR');
    await user.click(within(dialog).getByRole('checkbox', { name: /5678/ }));
    expect(ticked).toHaveTextContent('Ticked: 47.50 EUR');
    await user.click(within(dialog).getByRole('checkbox', { name: /5678/ }));
    await fill(user, within(dialog).getByLabelText('Reason'), 'The file was damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(
      within(dialog).getByText('Refund 37.50 EUR to the card paid through sandbox.'),
    ).toBeInTheDocument();
    // Nothing is sent before the confirmation.
    expect(refunds).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refunds.map((call) => call.body)).toEqual([
      {
        lines: [1, 2],
        giftCards: [],
        amount: null,
        reason: 'The file was damaged',
        returnToSale: false,
      },
    ]);
    expect(refunds[0]?.authorization).toBe(`Bearer ${STAFF_TOKEN}`);
    expect(refunds[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The order is asked for again: its page shows the refund.
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('refunds everything of a balance payment to the balance, and a typed amount instead of the sum', async () => {
    const { user } = openOrder(orderDetail({ provider: 'balance' }));
    const refunds = answer('post', '/api/admin/orders/42/refunds', () =>
      HttpResponse.json({ refund: refundRecord({ id: 3 }) }, { status: 201 }),
    );
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('button', { name: 'Refund everything' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Ticked: 47.50 EUR');
    expect(within(dialog).getByRole('checkbox', { name: /Line 1/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /5678/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /1234/ })).not.toBeChecked();
    await fill(user, within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText("Refund 47.50 EUR to ann@example.com's balance."),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await fill(user, within(dialog).getByLabelText('Amount (EUR)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText("Refund 5.00 EUR to ann@example.com's balance."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0]?.body).toEqual({
      lines: [1, 2],
      giftCards: [6],
      amount: '5.00',
      reason: 'Goodwill',
      returnToSale: false,
    });
  });

  it('reuses the key when the confirmation is pressed again after a lost answer, and draws a new one for a new opening', async () => {
    const { user } = openOrder();
    const refunds = answer('post', '/api/admin/orders/42/refunds', (previous) =>
      previous === 0
        ? HttpResponse.error()
        : HttpResponse.json(
            { refund: refundRecord({ id: 3 }) },
            { status: previous === 1 ? 201 : 200 },
          ),
    );
    let dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 1/ }));
    await fill(user, within(dialog).getByLabelText('Reason'), 'The file was damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    // No answer: the confirmation stays, with the reason, to be pressed again.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error has occurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refunds).toHaveLength(2);
    expect(refunds[1]?.idempotencyKey).toBe(refunds[0]?.idempotencyKey);
    expect(refunds[1]?.body).toEqual(refunds[0]?.body);

    dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 2/ }));
    await fill(user, within(dialog).getByLabelText('Reason'), 'Another one');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunds).toHaveLength(3));
    expect(refunds[2]?.idempotencyKey).not.toBe(refunds[0]?.idempotencyKey);
  });

  it("shows the server's refusals under the lines, gift cards, amount and reason, and goes back to them", async () => {
    const { user } = openOrder();
    const refunds = answer('post', '/api/admin/orders/42/refunds', () =>
      refusal(400, {
        lines: ['Line 1 was refunded already.'],
        giftCards: ['Gift card 6 is not in this order.'],
        amount: ['Only 7.50 EUR is left to refund.'],
        reason: ['Say why.'],
      }),
    );
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 1/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /5678/ }));
    await fill(user, within(dialog).getByLabelText('Amount (EUR)'), '9.00');
    await fill(user, within(dialog).getByLabelText('Reason'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await within(dialog).findByText('Line 1 was refunded already.')).toBeInTheDocument();
    expect(within(dialog).getByText('Gift card 6 is not in this order.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (EUR)')).toHaveAccessibleDescription(
      'Only 7.50 EUR is left to refund.',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why.');
    expect(within(dialog).getByRole('group', { name: 'Lines' })).toHaveAccessibleDescription(
      'Line 1 was refunded already.',
    );
    expect(refunds).toHaveLength(1);
  });

  it("shows the limit's refusal in the dialog and stays signed in", async () => {
    const { user } = openOrder(orderDetail(), SUPPORT);
    answer('post', '/api/admin/orders/42/refunds', () =>
      refusal(403, { '': ['Only an owner may refund more than 100.00 EUR.'] }),
    );
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('button', { name: 'Refund everything' }));
    await fill(user, within(dialog).getByLabelText('Reason'), 'Everything broke');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an owner may refund more than 100.00 EUR.',
    );
    expect(within(dialog).getByText(/^Refund 47.50 EUR/)).toBeInTheDocument();
    expect(window.sessionStorage.getItem('staff-session')).toBe(STAFF_TOKEN);
  });

  it('checks the dialog before asking: something to refund, a reason, an amount in cents', async () => {
    const { user } = openOrder();
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText('Tick a line or a gift card, or give an amount.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why.');
    await fill(user, within(dialog).getByLabelText('Amount (EUR)'), '1.005');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByLabelText('Amount (EUR)')).toHaveAccessibleDescription(
      'Use at most 2 decimals for EUR.',
    );
    expect(within(dialog).queryByText(/^Refund .* EUR/)).toBeNull();
  });

  it('offers to return an exclusive to sale when an exclusive line is ticked, and sends the choice', async () => {
    const order = orderDetail();
    const exclusive = orderDetail({
      lines: order.lines.map((line) =>
        line.number === 2 ? { ...line, licence: 'Exclusive' } : line,
      ),
    });
    const { user } = openOrder(exclusive);
    const refunds = answer('post', '/api/admin/orders/42/refunds', () =>
      HttpResponse.json({ refund: refundRecord({ id: 3 }) }, { status: 201 }),
    );
    const dialog = await openRefund(user);
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 1/ }));
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Return the exclusive to sale' }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: /Line 2/ }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Return the exclusive to sale' }),
    );
    await fill(user, within(dialog).getByLabelText('Reason'), 'Wrong picture');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0]?.body).toMatchObject({ lines: [1, 2], returnToSale: true });
  });
});
