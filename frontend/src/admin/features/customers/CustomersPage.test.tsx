import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { money } from '@/test/money';
import { renderApp } from '@/test/render';
import type { CustomerRow } from '../../api/types';
import { customerRow } from '../../testing/backOfficeData';
import { answer, listPage, staffSignedIn, SUPPORT } from '../../testing/staffServer';

const ANN = customerRow({ id: 7, email: 'ann@example.com' });
const BOB = customerRow({
  id: 8,
  email: 'bob@example.com',
  firstName: 'Bob',
  lastName: 'Ray',
  locked: true,
  balance: money(0),
});

function serveCustomers(items: CustomerRow[], total = items.length) {
  return answer('get', '/api/admin/customers', () => listPage(items, total));
}

function openCustomers(path = '/admin/customers') {
  staffSignedIn(SUPPORT);
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('customers', () => {
  it('lists the customers: e-mail linking to the customer, name, created, locked, balance', async () => {
    const calls = serveCustomers([ANN, BOB]);
    openCustomers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    await screen.findByRole('table');
    const bob = within(screen.getByRole('row', { name: /bob@example\.com/ }));
    expect(bob.getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      '/admin/customers/8',
    );
    expect(bob.getByText('Bob Ray')).toBeInTheDocument();
    expect(bob.getByText('Locked')).toBeInTheDocument();
    expect(bob.getByText('€0.00')).toBeInTheDocument();
    const ann = within(screen.getByRole('row', { name: /ann@example\.com/ }));
    expect(ann.getByText('€3.20')).toBeInTheDocument();
    expect(ann.getByText('No')).toBeInTheDocument();
    expect(calls.map((call) => call.query)).toEqual([
      { Page: '1', PageSize: '50', Sort: '-createdAt' },
    ]);
    await expectNoAxeViolations();
  });

  it('writes the search to the address as Query and sends it; orders by e-mail from its header', async () => {
    const calls = serveCustomers([ANN]);
    const { history, user } = openCustomers();
    await screen.findByRole('table');
    await fill(user, screen.getByLabelText('Search'), 'ann');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(history.location.search).toBe('?Query=ann');
    expect(calls[1]?.query).toEqual({
      Query: 'ann',
      Page: '1',
      PageSize: '50',
      Sort: '-createdAt',
    });

    const email = screen.getByRole('columnheader', { name: /E-mail/ });
    expect(email).toHaveAttribute('aria-sort', 'none');
    await user.click(within(email).getByRole('button'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(history.location.search).toBe('?Query=ann&Sort=email');
    expect(calls[2]?.query).toEqual({ Query: 'ann', Page: '1', PageSize: '50', Sort: 'email' });
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('pages on the server and says when nobody matches', async () => {
    const calls = serveCustomers([ANN], 51);
    const { history, user } = openCustomers('/admin/customers?Query=ann');
    const pages = await screen.findByRole('navigation', { name: 'Customers pages' });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(history.location.search).toBe('?Query=ann&Page=2');
    expect(calls[1]?.query.Page).toBe('2');

    serveCustomers([]);
    await user.click(screen.getByRole('link', { name: 'Reset filters' }));
    expect(await screen.findByText('There are no customers yet.')).toBeInTheDocument();
  });
});
