import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { money } from '@/test/money';
import { renderApp } from '@/test/render';
import type { OrderRow } from '../../api/types';
import { orderRow } from '../../testing/backOfficeData';
import { answer, listPage, OWNER, staffSignedIn } from '../../testing/staffServer';

const PAID = orderRow({ id: 42 });
const PART = orderRow({
  id: 41,
  customer: { id: 8, email: 'bob@example.com' },
  refundStatus: 'PartlyRefunded',
  total: money(5000),
  refunded: money(1250),
  provider: 'balance',
});

function serveOrders(items: OrderRow[], total = items.length) {
  return answer('get', '/api/admin/orders', () => listPage(items, total));
}

function openOrders(path = '/admin/orders') {
  staffSignedIn(OWNER);
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const search = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));

describe('orders', () => {
  it('lists the orders: id linking to the order, created, customer, status with refund, total, refunded, provider', async () => {
    const calls = serveOrders([PAID, PART]);
    openOrders();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order',
      'Created↓',
      'Customer',
      'Status',
      'Total↕',
      'Refunded',
      'Provider',
    ]);
    const part = within(screen.getByRole('row', { name: /Order 41 / }));
    expect(part.getByRole('link', { name: 'Order 41' })).toHaveAttribute(
      'href',
      '/admin/orders/41',
    );
    expect(part.getByText('bob@example.com')).toBeInTheDocument();
    expect(part.getByText('Paid · Partly refunded')).toBeInTheDocument();
    expect(part.getByText('€50.00')).toBeInTheDocument();
    expect(part.getByText('€12.50')).toBeInTheDocument();
    expect(part.getByText('Balance')).toBeInTheDocument();
    const paid = within(screen.getByRole('row', { name: /Order 42 / }));
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.getByText('Sandbox')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 orders');
    // Newest first unless told: the server's default, sent as it is.
    expect(calls.map((call) => call.query)).toEqual([
      { Page: '1', PageSize: '50', Sort: '-createdAt' },
    ]);
    await expectNoAxeViolations();
  });

  it('writes every filter to the address with the API names and sends them to the server', async () => {
    const calls = serveOrders([PAID]);
    const { history, user } = openOrders();
    await screen.findByRole('table');

    await fill(user, screen.getByLabelText('Order number'), '42');
    await fill(user, screen.getByLabelText('Reference'), 'ord_42');
    await fill(user, screen.getByLabelText('Customer e-mail'), 'ann@example.com');
    await user.selectOptions(screen.getByLabelText('Status'), 'Paid');
    await user.selectOptions(screen.getByLabelText('Refund'), 'Partly refunded');
    await fill(user, screen.getByLabelText('From'), '2026-11-01');
    await fill(user, screen.getByLabelText('To'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await fill(user, screen.getByLabelText('Total at least'), '10.00');
    await fill(user, screen.getByLabelText('Total at most'), ' 50.00 ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    const filters = {
      Id: '42',
      Reference: 'ord_42',
      Email: 'ann@example.com',
      Status: 'Paid',
      Refund: 'PartlyRefunded',
      From: '2026-11-01',
      To: '2026-11-30',
      Currency: 'USD',
      MinAmount: '10.00',
      MaxAmount: '50.00',
    };
    expect(search(history.location)).toEqual(filters);
    expect(calls[1]?.query).toEqual({ ...filters, Page: '1', PageSize: '50', Sort: '-createdAt' });

    // "Reset filters" goes back to the list without any.
    await user.click(screen.getByRole('link', { name: 'Reset filters' }));
    await waitFor(() => expect(history.location.search).toBe(''));
    expect(screen.getByLabelText('Customer e-mail')).toHaveValue('');
  });

  it('orders by total and by creation on the server from the column headers', async () => {
    const calls = serveOrders([PAID, PART]);
    const { history, user } = openOrders('/admin/orders?Status=Paid&Page=2');
    await screen.findByRole('table');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Total')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Total')).getByRole('button'));
    await waitFor(() => expect(calls).toHaveLength(2));
    // A new order starts at the first page and keeps the filters.
    expect(search(history.location)).toEqual({ Status: 'Paid', Sort: '-total' });
    expect(calls[1]?.query).toEqual({ Status: 'Paid', Sort: '-total', Page: '1', PageSize: '50' });
    expect(header('Total')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Created')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Total')).getByRole('button'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.query.Sort).toBe('total');
    expect(header('Total')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Created')).getByRole('button'));
    await waitFor(() => expect(calls).toHaveLength(4));
    // The default order is left out of the address.
    expect(search(history.location)).toEqual({ Status: 'Paid' });
    expect(calls[3]?.query.Sort).toBe('-createdAt');
  });

  it('reads the page from the address and pages on the server', async () => {
    const calls = serveOrders([PAID], 120);
    const { history, user } = openOrders('/admin/orders?Email=ann%40example.com&Page=2');
    const pages = await screen.findByRole('navigation', { name: 'Orders pages' });
    expect(screen.getByLabelText('Customer e-mail')).toHaveValue('ann@example.com');
    expect(calls[0]?.query).toEqual({
      Email: 'ann@example.com',
      Page: '2',
      PageSize: '50',
      Sort: '-createdAt',
    });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(search(history.location)).toEqual({ Email: 'ann@example.com', Page: '3' });
  });

  it('says when no order matches the filters', async () => {
    serveOrders([]);
    openOrders('/admin/orders?Refund=Refunded');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await expectNoAxeViolations();
  });
});
