import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { money } from '@/test/money';
import { renderApp } from '@/test/render';
import type { CustomerDetail, StaffMe } from '../../api/types';
import { balanceEntry, customerDetail } from '../../testing/backOfficeData';
import {
  answer,
  listPage,
  OWNER,
  refusal,
  STAFF_TOKEN,
  staffSignedIn,
  SUPPORT,
} from '../../testing/staffServer';
import { section } from '../../testing/regions';

const LEDGER = [
  balanceEntry({
    at: '2026-11-26T10:00:00Z',
    reference: 'order:ord_42',
    description: 'Order 42',
    amount: money(-500),
    balanceAfter: money(320),
  }),
  balanceEntry({ balanceAfter: money(820), amount: money(820) }),
];

function openCustomer(detail: CustomerDetail = customerDetail(), staff: StaffMe = SUPPORT) {
  staffSignedIn(staff);
  const reads = answer('get', '/api/admin/customers/7', () => HttpResponse.json(detail));
  const ledger = answer('get', '/api/admin/customers/7/ledger', () => listPage(LEDGER, 52));
  const view = renderApp('/admin/customers/7');
  return { ...view, reads, ledger, user: userEvent.setup({ delay: null }) };
}

describe('a customer', () => {
  it('shows the profile, billing, orders, tickets, sessions, gift cards and the paged balance ledger', async () => {
    const { ledger, user } = openCustomer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ann@example.com' }),
    ).toBeInTheDocument();
    expect(section('Profile').getByText('Ann Lee')).toBeInTheDocument();
    expect(section('Profile').getByText('Not locked')).toBeInTheDocument();
    expect(section('Profile').getByText('€3.20')).toBeInTheDocument();
    expect(section('Billing').getByText('Berlin')).toBeInTheDocument();
    expect(section('Orders').getByRole('link', { name: 'Order 42' })).toHaveAttribute(
      'href',
      '/admin/orders/42',
    );
    expect(section('Tickets').getByText('My download stopped')).toBeInTheDocument();
    expect(section('Sessions').getAllByRole('row')).toHaveLength(2);
    expect(section('Gift cards').getByText('•••• •••• •••• 1234')).toBeInTheDocument();
    const order = await section('Balance').findByRole('row', { name: /Order 42/ });
    expect(order).toHaveTextContent('-€5.00');
    expect(order).toHaveTextContent('€3.20');
    expect(section('Balance').getByRole('status')).toHaveTextContent('52 entries, newest first');
    expect(ledger[0]?.query).toEqual({ Page: '1', PageSize: '50' });
    await expectNoAxeViolations();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Balance entries pages' })).getByRole(
        'button',
        { name: 'Go to page 2' },
      ),
    );
    await waitFor(() => expect(ledger).toHaveLength(2));
    expect(ledger[1]?.query).toEqual({ Page: '2', PageSize: '50' });
  });

  it('offers no action to a role without lock_customers or adjust_within_limit', async () => {
    openCustomer(customerDetail(), { ...SUPPORT, permissions: ['view_customers'] });
    await screen.findByRole('region', { name: 'Profile' });
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
  });

  it('signs the customer out everywhere after a confirmation', async () => {
    const { reads, user } = openCustomer();
    const calls = answer(
      'post',
      '/api/admin/customers/7/sign-out-everywhere',
      () => new HttpResponse(null, { status: 204 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign ann@example.com out everywhere?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations();
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.authorization)).toEqual([`Bearer ${STAFF_TOKEN}`]);
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('locks with a reason, which it asks for, after a confirmation', async () => {
    const { user } = openCustomer();
    const locks = answer('post', '/api/admin/customers/7/lock', () =>
      HttpResponse.json({
        ...customerDetail().customer,
        locked: true,
        lockedAt: '2026-11-27T10:00:00Z',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    const dialog = screen.getByRole('dialog', { name: 'Lock ann@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why.');
    expect(locks).toHaveLength(0);
    await fill(user, within(dialog).getByLabelText('Reason'), 'Card fraud reported');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(locks.map((call) => call.body)).toEqual([{ reason: 'Card fraud reported' }]);
  });

  it('unlocks a locked customer after a confirmation', async () => {
    const locked = customerDetail();
    locked.customer = { ...locked.customer, locked: true, lockedAt: '2026-11-27T10:00:00Z' };
    const { user } = openCustomer(locked);
    const unlocks = answer('post', '/api/admin/customers/7/unlock', () =>
      HttpResponse.json({ ...locked.customer, locked: false, lockedAt: null }),
    );
    expect(await screen.findByText(/Locked since/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock ann@example.com?' });
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(unlocks).toHaveLength(1));
  });
});

describe("adjusting a customer's balance", () => {
  async function openAdjust(staff: StaffMe = SUPPORT) {
    const view = openCustomer(customerDetail(), staff);
    await view.user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the balance of ann@example.com' });
    return { ...view, dialog: within(dialog) };
  }

  it('credits: the confirmation states the amount and the balance it leads to, in cents; one key', async () => {
    const { dialog, reads, user } = await openAdjust();
    const adjustments = answer('post', '/api/admin/customers/7/adjustments', () =>
      HttpResponse.json(
        {
          adjustment: {
            id: 1,
            at: '2026-11-27T10:00:00Z',
            staff: { id: 2, email: 'sam@example.com' },
            direction: 'credit',
            amount: money(500),
            reason: 'Sorry for the wait',
          },
          balance: money(820),
        },
        { status: 201 },
      ),
    );
    await expectNoAxeViolations();
    expect(dialog.getByRole('radio', { name: /Credit/ })).toBeChecked();
    await fill(user, dialog.getByLabelText('Amount (EUR)'), '5');
    await fill(user, dialog.getByLabelText('Reason'), 'Sorry for the wait');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(
      dialog.getByText('Credit 5.00 EUR to ann@example.com: the balance becomes 8.20 EUR.'),
    ).toBeInTheDocument();
    expect(adjustments).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(adjustments.map((call) => call.body)).toEqual([
      { direction: 'credit', amount: '5.00', reason: 'Sorry for the wait' },
    ]);
    expect(adjustments[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('debits in whole cents, and refuses a debit beyond the balance before asking', async () => {
    const { dialog, user } = await openAdjust();
    await user.click(dialog.getByRole('radio', { name: /Debit/ }));
    await fill(user, dialog.getByLabelText('Amount (EUR)'), '3.21');
    await fill(user, dialog.getByLabelText('Reason'), 'Correction');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByLabelText('Amount (EUR)')).toHaveAccessibleDescription(
      'The balance holds only 3.20 EUR.',
    );
    await user.clear(dialog.getByLabelText('Amount (EUR)'));
    await fill(user, dialog.getByLabelText('Amount (EUR)'), '3.1');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    // 3.20 - 3.10 in floats is 0.10000000000000009.
    expect(
      dialog.getByText('Debit 3.10 EUR from ann@example.com: the balance becomes 0.10 EUR.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Debit' })).toBeInTheDocument();
  });

  it("shows the server's refusals on their fields, and the limit's in the dialog", async () => {
    const { dialog, user } = await openAdjust();
    const adjustments = answer('post', '/api/admin/customers/7/adjustments', (previous) =>
      previous === 0
        ? refusal(400, { amount: ['The balance holds only 3.20 EUR.'], reason: ['Say why.'] })
        : refusal(403, { '': ['Only an owner may adjust a balance by more than 50.00 EUR.'] }),
    );
    await fill(user, dialog.getByLabelText('Amount (EUR)'), '60');
    await fill(user, dialog.getByLabelText('Reason'), 'x');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Amount (EUR)')).toHaveAccessibleDescription(
        'The balance holds only 3.20 EUR.',
      ),
    );
    expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription('Say why.');

    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(dialog.getByRole('button', { name: 'Credit' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Only an owner may adjust a balance by more than 50.00 EUR.',
    );
    // Both presses were the same request: the refused one wrote nothing.
    expect(adjustments[1]?.idempotencyKey).toBe(adjustments[0]?.idempotencyKey);
  });

  it('is offered to an owner too', async () => {
    const { dialog } = await openAdjust(OWNER);
    expect(dialog.getByText('The balance is 3.20 EUR.')).toBeInTheDocument();
  });
});
