import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp } from '@/test/render';
import type { GiftCard } from '../../api/types';
import { giftCard } from '../../testing/backOfficeData';
import { answer, listPage, refusal, staffSignedIn, SUPPORT } from '../../testing/staffServer';

const ACTIVE = giftCard({ id: 5 });
const REDEEMED = giftCard({
  id: 6,
  number: '•••• •••• •••• 5678',
  state: 'redeemed',
  redeemedAt: '2026-11-26T12:00:00Z',
});
const GOODWILL = giftCard({
  id: 7,
  number: '•••• •••• •••• 9012',
  orderId: null,
  buyer: null,
  recipient: 'cy@example.com',
  issuedBy: { id: 2, email: 'sam@example.com' },
});

function openGiftCards(
  items: GiftCard[] = [ACTIVE, REDEEMED, GOODWILL],
  path = '/admin/gift-cards',
) {
  staffSignedIn(SUPPORT);
  const lists = answer('get', '/api/admin/gift-cards', () => listPage(items));
  const view = renderApp(path);
  return { ...view, lists, user: userEvent.setup({ delay: null }) };
}

const row = (number: string) => within(screen.getByRole('row', { name: new RegExp(number) }));

describe('gift cards', () => {
  it('lists the cards, their numbers masked, with Void disabled for a redeemed one', async () => {
    const { lists } = openGiftCards();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gift cards' }),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(row('1234').getByText('Active')).toBeInTheDocument();
    expect(row('1234').getByRole('link', { name: 'Order 42' })).toHaveAttribute(
      'href',
      '/admin/orders/42',
    );
    expect(row('1234').getByRole('button', { name: /^Void/ })).toBeEnabled();
    expect(row('5678').getByRole('button', { name: /^Void/ })).toBeDisabled();
    expect(row('5678').getByText('Redeemed already')).toBeInTheDocument();
    expect(row('9012').getByText('Goodwill')).toBeInTheDocument();
    expect(row('9012').getByText('sam@example.com')).toBeInTheDocument();
    expect(lists.map((call) => call.query)).toEqual([{ Page: '1', PageSize: '50' }]);
    await expectNoAxeViolations();
  });

  it('writes Query and State to the address and sends them', async () => {
    const { history, lists, user } = openGiftCards();
    await screen.findByRole('table');
    await fill(user, screen.getByLabelText('Search'), '1234');
    await user.selectOptions(screen.getByLabelText('State'), 'Void');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lists).toHaveLength(2));
    expect(history.location.search).toBe('?Query=1234&State=voided');
    expect(lists[1]?.query).toEqual({ Query: '1234', State: 'voided', Page: '1', PageSize: '50' });
  });

  it('issues a goodwill card after a confirmation that states the amount and the address', async () => {
    const { lists, user } = openGiftCards();
    const issues = answer('post', '/api/admin/gift-cards', () =>
      HttpResponse.json(GOODWILL, { status: 201 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Issue a gift card' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Issue a gift card' }));
    await expectNoAxeViolations();
    await fill(user, dialog.getByLabelText('Amount (EUR)'), '25');
    await fill(user, dialog.getByLabelText('E-mail'), 'cy@example.com');
    await fill(user, dialog.getByLabelText('Message'), 'Sorry for the trouble');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(
      dialog.getByText(
        'Issue a gift card of 25.00 EUR to cy@example.com: its number is mailed there.',
      ),
    ).toBeInTheDocument();
    expect(issues).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(issues.map((call) => call.body)).toEqual([
      { amount: '25.00', email: 'cy@example.com', message: 'Sorry for the trouble' },
    ]);
    expect(issues[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(lists).toHaveLength(2));
  });

  it("shows the server's refusal of the e-mail under it", async () => {
    const { user } = openGiftCards();
    answer('post', '/api/admin/gift-cards', () =>
      refusal(400, { email: ['Enter a valid e-mail address.'] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Issue a gift card' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Issue a gift card' }));
    await fill(user, dialog.getByLabelText('Amount (EUR)'), '10.00');
    await fill(user, dialog.getByLabelText('E-mail'), 'cy@');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('E-mail')).toHaveAccessibleDescription(
        'Enter a valid e-mail address.',
      ),
    );
  });

  it('voids a card with a reason after a confirmation, and shows a refusal in the dialog', async () => {
    const { lists, user } = openGiftCards();
    const voids = answer('post', '/api/admin/gift-cards/5/void', (previous) =>
      previous === 0
        ? refusal(400, { '': ['This gift card was redeemed already.'] })
        : HttpResponse.json({ ...ACTIVE, state: 'voided', voidedAt: '2026-11-27T10:00:00Z' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Void: •••• •••• •••• 1234' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Void gift card •••• •••• •••• 1234?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Void' }));
    expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription('Say why.');
    expect(voids).toHaveLength(0);
    await fill(user, dialog.getByLabelText('Reason'), 'Sent to the wrong address');
    await user.click(dialog.getByRole('button', { name: 'Void' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This gift card was redeemed already.',
    );
    const listsBefore = lists.length;
    await user.click(dialog.getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(voids.map((call) => call.body)).toEqual([
      { reason: 'Sent to the wrong address' },
      { reason: 'Sent to the wrong address' },
    ]);
    // The list is asked for again: the card shows as void.
    await waitFor(() => expect(lists.length).toBeGreaterThan(listsBefore));
  });
});
