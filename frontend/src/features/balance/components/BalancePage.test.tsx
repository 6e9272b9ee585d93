import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  PROFILE,
  serveProfile,
  validationFailed,
} from '@/features/accounts/testing/accountsServer';
import { fill } from '@/test/fill';
import { storedGiftCard } from '@/features/cart/testing/cartStorage';
import { money } from '@/test/money';
import { pageLocation } from '@/lib/browser/pageLocation';
import { renderApp, signIn } from '@/test/render';
import { gate, recordPosts, thisBrowser } from '@/test/requests';
import { apiUrl, server } from '@/test/server';
import type { Deposit } from '../types';
import { serveBalance } from '../testing/balanceServer';
import { findFormAlert } from '@/test/formAlert';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAYMENT_LINK = 'http://127.0.0.1:8080/payments/sandbox/checkout?session=dep_1';

async function openBalance(path = '/balance') {
  signIn();
  serveProfile();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Balance' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const redeemForm = () => within(screen.getByRole('form', { name: 'Redeem a gift card' }));
const giftCardForm = () => within(screen.getByRole('form', { name: 'Buy a gift card' }));

function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 5,
    reference: 'dep_5',
    status: 'Pending',
    amount: money(5000),
    createdAt: '2026-11-22T10:00:00Z',
    expiresAt: '2026-11-22T10:30:00Z',
    settledAt: null,
    ...overrides,
  };
}

describe('balance', () => {
  it('shows the balance in the display currency', async () => {
    window.localStorage.setItem('currency', 'JPY');
    const currencies = serveBalance(money(1250, 'JPY'));
    await openBalance();
    expect(await screen.findByText('¥2,041')).toBeInTheDocument();
    expect(currencies).toEqual(['JPY']);
  });

  it('says when the balance cannot be loaded', async () => {
    server.use(
      http.post(apiUrl('/api/balance'), () =>
        HttpResponse.json({ title: 'Validation failed' }, { status: 400 }),
      ),
    );
    await openBalance();
    expect(await screen.findByText('Your balance could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
  });

  it('drops the old figure when fetching the balance again fails', async () => {
    let lookups = 0;
    server.use(
      http.post(apiUrl('/api/balance'), () => {
        lookups += 1;
        return lookups === 1
          ? HttpResponse.json({ balance: money(1000) })
          : HttpResponse.json({ title: 'Internal Server Error' }, { status: 500 });
      }),
    );
    recordPosts('/api/balance/gift-card', () =>
      HttpResponse.json({ credited: money(2500), balance: money(3500) }),
    );
    const { user } = await openBalance();
    expect(await screen.findByText('€10.00')).toBeInTheDocument();

    // A redeemed card changes the balance, which is then asked for again and fails.
    await fill(user, redeemForm().getByLabelText('Gift card number'), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(redeemForm().getByRole('button', { name: 'Redeem' }));

    expect(await screen.findByText('Your balance could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByText('€10.00')).not.toBeInTheDocument();
  });
});

describe('redeeming a gift card', () => {
  it('credits the card, says so and fetches the balance again', async () => {
    serveBalance(money(1000), money(3500));
    const { opened, release } = gate();
    const requests = recordPosts('/api/balance/gift-card', async () => {
      await opened;
      return HttpResponse.json({ credited: money(2500), balance: money(3500) });
    });
    const { user } = await openBalance();
    expect(await screen.findByText('€10.00')).toBeInTheDocument();

    await fill(user, redeemForm().getByLabelText('Gift card number'), ' ABCD-EFGH-JKMN-PQRS ');
    const button = redeemForm().getByRole('button', { name: 'Redeem' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '€25.00 has been added to your balance.',
    );
    expect(await screen.findByText('€35.00')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ giftCardNumber: 'ABCD-EFGH-JKMN-PQRS' });
    expect(requests[0]?.idempotencyKey).toMatch(UUID);
    expect(redeemForm().getByLabelText('Gift card number')).toHaveValue('');
  });

  it('shows the server’s message under the number', async () => {
    serveBalance(money(1000));
    recordPosts('/api/balance/gift-card', () =>
      validationFailed({ giftCardNumber: ['This gift card has already been used.'] }),
    );
    const { user } = await openBalance();

    await fill(user, redeemForm().getByLabelText('Gift card number'), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(redeemForm().getByRole('button', { name: 'Redeem' }));

    await waitFor(() =>
      expect(redeemForm().getByLabelText('Gift card number')).toHaveAccessibleDescription(
        'This gift card has already been used.',
      ),
    );
  });

  it("says 'Too many requests.' after too many wrong numbers", async () => {
    serveBalance(money(1000));
    recordPosts('/api/balance/gift-card', () =>
      HttpResponse.json(
        { title: 'Too Many Requests', status: 429 },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    );
    const { user } = await openBalance();

    await fill(user, redeemForm().getByLabelText('Gift card number'), 'WRONG-NUMBER');
    await user.click(redeemForm().getByRole('button', { name: 'Redeem' }));

    await findFormAlert('Too many requests.');
  });
});

describe('depositing', () => {
  it('sends the amount, billing details and browser info, then goes to the payment page', async () => {
    serveBalance(money(1000));
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const requests = recordPosts('/api/balance/deposit', () =>
      HttpResponse.json({ deposit: makeDeposit(), paymentLink: PAYMENT_LINK }),
    );
    const { user } = await openBalance();
    const form = within(await screen.findByRole('form', { name: 'Top up your balance' }));
    expect(form.getByLabelText('First name')).toHaveValue('Ann');

    await fill(user, form.getByLabelText('Deposit amount (EUR)'), '50');
    await user.click(
      form.getByLabelText('I agree to the privacy policy and the terms and conditions'),
    );
    await user.click(form.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_LINK));
    expect(requests[0]?.body).toEqual({
      depositAmount: '50.00',
      currency: 'EUR',
      firstName: 'Ann',
      lastName: 'Lee',
      ...PROFILE.billing,
      agreedToPP_TOS: true,
      ...thisBrowser(),
    });
    expect(requests[0]?.idempotencyKey).toMatch(UUID);
  });

  it('checks the amount before sending it', async () => {
    serveBalance(money(1000));
    const { user } = await openBalance();
    const form = within(await screen.findByRole('form', { name: 'Top up your balance' }));

    await fill(user, form.getByLabelText('Deposit amount (EUR)'), '2000');
    await user.click(form.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() =>
      expect(form.getByLabelText('Deposit amount (EUR)')).toHaveAccessibleDescription(
        'The amount must be from €5 to €1,000.',
      ),
    );
  });

  it('follows the deposit after the return from the payment page, then shows the new balance', async () => {
    serveBalance(money(1000), money(6000));
    let depositCalls = 0;
    server.use(
      http.get(apiUrl('/api/balance/deposits/5'), () => {
        depositCalls += 1;
        return HttpResponse.json(
          makeDeposit(
            depositCalls < 2 ? {} : { status: 'Paid', settledAt: '2026-11-22T10:01:00Z' },
          ),
        );
      }),
    );
    await openBalance('/balance?deposit=5');

    expect(await screen.findByText('Waiting for the payment…')).toBeInTheDocument();
    expect(await screen.findByText('Payment received', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('€50.00 has been added to your balance.')).toBeInTheDocument();
    expect(await screen.findByText('€60.00')).toBeInTheDocument();
  }, 20_000);
});

describe('buying a gift card', () => {
  it('puts one gift card into the cart, a second replacing the first', async () => {
    serveBalance(money(1000));
    const { user } = await openBalance();
    expect(giftCardForm().getByText('Any amount from €5 to €500.')).toBeInTheDocument();

    await fill(user, giftCardForm().getByLabelText('Gift card amount (EUR)'), '25');
    await user.click(giftCardForm().getByRole('button', { name: 'Add gift card to cart' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A gift card worth €25.00 was added to your cart.',
    );
    expect(storedGiftCard()).toEqual({
      offerId: -1,
      offerAttributeId: -1,
      amount: '25.00',
      currency: 'EUR',
    });
    expect(screen.getByLabelText('Cart, 1 item')).toBeInTheDocument();

    await fill(user, giftCardForm().getByLabelText('Gift card amount (EUR)'), '40.5');
    await user.click(giftCardForm().getByRole('button', { name: 'Add gift card to cart' }));

    expect(
      await screen.findByText('The gift card in your cart is now worth €40.50.'),
    ).toBeVisible();
    expect(storedGiftCard()).toMatchObject({ amount: '40.50' });
    expect(screen.getByLabelText('Cart, 1 item')).toBeInTheDocument();
  });

  it('refuses amounts outside the bounds in EUR before adding the card', async () => {
    serveBalance(money(1000));
    const { user } = await openBalance();
    const amount = () => giftCardForm().getByLabelText('Gift card amount (EUR)');

    await fill(user, amount(), '4.99');
    await user.click(giftCardForm().getByRole('button', { name: 'Add gift card to cart' }));
    await waitFor(() =>
      expect(amount()).toHaveAccessibleDescription('The amount must be from €5 to €500.'),
    );
    expect(storedGiftCard()).toBeNull();
  });

  it('takes whole yen in JPY', async () => {
    window.localStorage.setItem('currency', 'JPY');
    serveBalance(money(1000, 'JPY'));
    const { user } = await openBalance();
    const amount = () => giftCardForm().getByLabelText('Gift card amount (JPY)');
    expect(
      giftCardForm().getByText(
        'Any amount from €5 to €500, or the same value in JPY. The exact limits are checked when you pay.',
      ),
    ).toBeInTheDocument();

    await fill(user, amount(), '4000.5');
    await user.click(giftCardForm().getByRole('button', { name: 'Add gift card to cart' }));
    await waitFor(() =>
      expect(amount()).toHaveAccessibleDescription('Amounts in JPY are whole numbers.'),
    );

    await user.clear(amount());
    await fill(user, amount(), '4000');
    await user.click(giftCardForm().getByRole('button', { name: 'Add gift card to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A gift card worth ¥4,000 was added to your cart.',
    );
    expect(storedGiftCard()).toMatchObject({ amount: '4000', currency: 'JPY' });
  });
});
