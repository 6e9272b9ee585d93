import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  PROFILE,
  serveProfile,
  validationFailed,
} from '@/features/accounts/testing/accountsServer';
import { serveBalance } from '@/features/balance/testing/balanceServer';
import { money } from '@/test/money';
import {
  line,
  makeOrder,
  serveOrders,
  serveOrderStates,
} from '@/features/orders/testing/ordersServer';
import { api } from '@/lib/api/api';
import { pageLocation } from '@/lib/browser/pageLocation';
import { renderApp, signIn } from '@/test/render';
import { gate, recordPosts, thisBrowser } from '@/test/requests';
import { apiUrl, server } from '@/test/server';
import { cartItem, storeCart, storedCart, storedGiftCard } from '../testing/cartStorage';
import { findFormAlert } from '@/test/formAlert';

const PAYMENT_LINK = 'http://127.0.0.1:8080/payments/sandbox/checkout?session=tok_1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const AGREEMENT = 'I agree to the privacy policy and the terms and conditions';

async function openCart(balance = money(1000)) {
  signIn();
  serveProfile();
  serveBalance(balance);
  const view = renderApp('/cart');
  await screen.findByRole('heading', { level: 1, name: 'Cart' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

/** Opens the cart with its checkout loaded from the profile. */
async function openCheckout(balance = money(1000)) {
  const view = await openCart(balance);
  await screen.findByLabelText('City');
  return view;
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place order' });

function placed(order = makeOrder(), paymentLink: string | null = PAYMENT_LINK) {
  return () => HttpResponse.json({ order, paymentLink, giftCardNumbers: [] });
}

describe('cart contents', () => {
  it('lists each picture with its size, licence and price, the gift card, and the total in EUR', async () => {
    storeCart([cartItem(1), cartItem(2)], '25.00');
    await openCart();

    const items = within(screen.getByLabelText('Cart items'));
    expect(items.getByText('Misty Fjord at Dawn')).toHaveAttribute(
      'href',
      '/gallery/picture/misty-fjord-at-dawn',
    );
    expect(items.getAllByText('4K, 3,840 px, personal licence')).toHaveLength(2);
    expect(items.getAllByText('€24.50')).toHaveLength(2);
    expect(items.getByText('Gift card')).toBeInTheDocument();
    expect(items.getByText('€25.00')).toBeInTheDocument();
    expect(items.getByText(/Worth €25.00 \(EUR\)/)).toBeInTheDocument();
    expect(screen.getByText('€74.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Cart, 3 items')).toBeInTheDocument();
  });

  it('adds up whole yen in JPY', async () => {
    storeCart([cartItem(1, 'JPY'), cartItem(2, 'JPY')], '3000', 'JPY');
    await openCart();

    expect(screen.getAllByText('¥4,000')).toHaveLength(2);
    expect(screen.getByText('¥3,000')).toBeInTheDocument();
    expect(screen.getByText('¥11,000')).toBeInTheDocument();
  });

  it('removes one picture by its size and saves the cart', async () => {
    storeCart([cartItem(1), cartItem(2)]);
    const { user } = await openCart();

    await user.click(screen.getByLabelText('Remove “Neon Alley” (4K) from the cart'));

    expect(screen.queryByText('Neon Alley')).not.toBeInTheDocument();
    expect(screen.getByText('Misty Fjord at Dawn')).toBeInTheDocument();
    expect(screen.getAllByText('€24.50')).toHaveLength(2); // the line and the total
    expect(screen.getByLabelText('Cart, 1 item')).toBeInTheDocument();
    expect(storedCart()).toEqual([cartItem(1)]);
  });

  it('removes the gift card', async () => {
    storeCart([cartItem(1)], '25.00');
    const { user } = await openCart();

    await user.click(screen.getByLabelText('Remove the gift card from the cart'));

    expect(screen.queryByText('Gift card')).not.toBeInTheDocument();
    expect(storedGiftCard()).toBeNull();
  });

  it('empties the cart, then links to the gallery', async () => {
    storeCart([cartItem(1), cartItem(2)], '25.00');
    const { user } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Empty the cart' }));

    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the gallery' })).toHaveAttribute(
      'href',
      '/gallery',
    );
    expect(storedCart()).toBeNull();
    expect(storedGiftCard()).toBeNull();
    expect(screen.getByLabelText('Cart')).toBeInTheDocument();
  });
});

describe('checkout', () => {
  it('fills the billing details from the profile and shows the balance', async () => {
    storeCart([cartItem(1)]);
    await openCheckout();

    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lee');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');
    expect(screen.getByLabelText('ZIP or postal code')).toHaveValue('10119');
    expect(screen.getByLabelText(AGREEMENT)).not.toBeChecked();
    const checkout = within(screen.getByRole('form', { name: 'Checkout' }));
    expect(checkout.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(checkout.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    const payByBalance = screen.getByLabelText('Pay from my balance');
    expect(payByBalance).not.toBeChecked();
    expect(
      await screen.findByText(
        'Your balance: €10.00. It does not cover this order, so you pay by card.',
      ),
    ).toBeInTheDocument();
    expect(payByBalance).toHaveAccessibleDescription(
      'Your balance: €10.00. It does not cover this order, so you pay by card.',
    );
    // Switched on, the order would only be refused.
    expect(payByBalance).toBeDisabled();
  });

  it('lets paying from a balance that covers the order be switched on', async () => {
    storeCart([cartItem(1)]);
    const { user } = await openCheckout(money(2450));
    const payByBalance = screen.getByLabelText('Pay from my balance');
    await waitFor(() => expect(payByBalance).toHaveAccessibleDescription('Your balance: €24.50.'));

    await user.click(payByBalance);

    expect(payByBalance).toBeChecked();
  });

  it('switches paying from the balance off when the balance stops covering the order', async () => {
    storeCart([cartItem(1)]);
    signIn();
    serveProfile();
    serveBalance(money(5000), money(100));
    const { store } = renderApp('/cart');
    const user = userEvent.setup({ delay: null });
    const payByBalance = await screen.findByLabelText('Pay from my balance');
    await waitFor(() => expect(payByBalance).toBeEnabled());
    await user.click(payByBalance);
    expect(payByBalance).toBeChecked();

    // A generation elsewhere spent most of it.
    store.dispatch(api.util.invalidateTags(['Balance']));

    await waitFor(() => expect(payByBalance).toBeDisabled());
    expect(payByBalance).not.toBeChecked();
  });

  it('stops showing the balance once asking for it again fails', async () => {
    storeCart([cartItem(1)]);
    const { store } = await openCheckout();
    const payByBalance = screen.getByLabelText('Pay from my balance');
    await waitFor(() =>
      expect(payByBalance).toHaveAccessibleDescription(
        'Your balance: €10.00. It does not cover this order, so you pay by card.',
      ),
    );

    server.use(
      http.post(apiUrl('/api/balance'), () =>
        HttpResponse.json({ title: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    // Something elsewhere (a deposit, a redeemed card) changed the balance.
    store.dispatch(api.util.invalidateTags(['Balance']));

    await waitFor(() =>
      expect(payByBalance).toHaveAccessibleDescription(
        'Your balance is unavailable just now, so you pay by card.',
      ),
    );
    expect(screen.queryByText(/€10\.00/)).not.toBeInTheDocument();
  });

  it('sends the ids only, the browser info and an Idempotency-Key, then goes to the payment page', async () => {
    storeCart([cartItem(1), cartItem(2)], '25.00');
    window.localStorage.setItem('orders', '[{"id":3}]');
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const requests = recordPosts('/api/orders', placed());
    const { user } = await openCheckout();

    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(placeOrderButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_LINK));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      ...PROFILE.billing,
      agreedToPP_TOS: true,
      payByBalance: false,
      cartItems: [
        { offerId: 1, offerAttributeId: 12 },
        { offerId: 2, offerAttributeId: 22 },
      ],
      giftCardAmount: '25.00',
      currency: 'EUR',
      ...thisBrowser(),
    });
    expect(requests[0]?.idempotencyKey).toMatch(UUID);
    // SPEC.md section 4: the gift card leaves the cart and the stored orders are cleared; the
    // pictures stay until the payment arrives.
    expect(storedGiftCard()).toBeNull();
    expect(window.localStorage.getItem('orders')).toBeNull();
    expect(storedCart()).toEqual([cartItem(1), cartItem(2)]);
    // On its way to the payment page the form stays disabled.
    expect(placeOrderButton()).toBeDisabled();
  });

  it('disables "Place order" while the call runs', async () => {
    storeCart([cartItem(1)]);
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const { opened, release } = gate();
    recordPosts('/api/orders', async () => {
      await opened;
      return placed()();
    });
    const { user } = await openCheckout();

    await user.click(screen.getByLabelText(AGREEMENT));
    const button = placeOrderButton();
    await user.click(button);

    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalled());
  });

  it('pays from the balance and lands on the paid order, the pictures leaving the cart', async () => {
    storeCart([cartItem(1), cartItem(2)], '25.00');
    const assign = vi.spyOn(pageLocation, 'assign');
    const paid = makeOrder({
      status: 'Paid',
      payByBalance: true,
      lines: [line(1, 'Misty Fjord at Dawn'), line(2, 'Neon Alley')],
      total: money(7400),
      giftCards: [{ amount: money(2500), number: 'ABCD-EFGH-JKMN-PQRS' }],
    });
    const requests = recordPosts('/api/orders', placed(paid, null));
    serveOrders([paid]);
    serveOrderStates([paid]);
    const { user, history } = await openCheckout(money(10000));

    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(screen.getByLabelText('Pay from my balance'));
    await user.click(placeOrderButton());

    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/order-history');
    expect(history.location.search).toBe('?order=17');
    expect(requests[0]?.body).toMatchObject({ payByBalance: true });
    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    expect(storedCart()).toBeNull();
    expect(storedGiftCard()).toBeNull();
    expect(screen.getByLabelText('Cart')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows 'Insufficient balance.' beside the form, logs the failure and stays", async () => {
    storeCart([cartItem(1)], '25.00');
    const assign = vi.spyOn(pageLocation, 'assign');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    recordPosts('/api/orders', () => validationFailed({ '': ['Insufficient balance.'] }));
    // Enough when the page asked; spent elsewhere by the time the order arrives.
    const { user } = await openCheckout(money(10000));
    await waitFor(() => expect(screen.getByLabelText('Pay from my balance')).toBeEnabled());

    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(screen.getByLabelText('Pay from my balance'));
    await user.click(placeOrderButton());

    await findFormAlert('Insufficient balance.');
    expect(logged).toHaveBeenCalledWith('Order failed', expect.anything());
    expect(assign).not.toHaveBeenCalled();
    expect(placeOrderButton()).toBeEnabled();
    expect(storedGiftCard()).not.toBeNull();
  });

  it('shows the server’s field errors under the fields', async () => {
    storeCart([cartItem(1)]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    recordPosts('/api/orders', () => validationFailed({ city: ['Enter your city.'] }));
    const { user } = await openCheckout();

    await user.clear(screen.getByLabelText('City'));
    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(placeOrderButton());

    await waitFor(() =>
      expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Enter your city.'),
    );
  });

  it('asks for the agreement in the words of its checkbox before sending anything', async () => {
    storeCart([cartItem(1)]);
    const requests = recordPosts('/api/orders', placed());
    const { user } = await openCheckout();

    await user.click(placeOrderButton());

    await waitFor(() =>
      expect(screen.getByLabelText(AGREEMENT)).toHaveAccessibleDescription(
        'Please agree to the privacy policy and the terms and conditions.',
      ),
    );
    expect(screen.getByLabelText(AGREEMENT)).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('offers to save a new address, saves it before the order and starts from it next time', async () => {
    storeCart([cartItem(1)]);
    vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const order = recordPosts('/api/orders', placed());
    const saved = recordPosts('/api/accounts/update-billing', () =>
      HttpResponse.json({ ...PROFILE, billing: { ...PROFILE.billing, city: 'Potsdam' } }),
    );
    const { user } = await openCheckout();
    const save = () => screen.queryByLabelText('Save as my billing information');
    // The saved address is the one shown: nothing to save.
    expect(save()).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Potsdam');
    await user.click(screen.getByLabelText('Save as my billing information'));
    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(placeOrderButton());

    await waitFor(() => expect(order).toHaveLength(1));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toEqual({ ...PROFILE.billing, city: 'Potsdam' });
    // The saved address is now the profile's: nothing new to offer.
    await waitFor(() => expect(save()).not.toBeInTheDocument());
  });

  it('does not save the address unless asked to', async () => {
    storeCart([cartItem(1)]);
    vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const order = recordPosts('/api/orders', placed());
    const saved = recordPosts('/api/accounts/update-billing', () => HttpResponse.json(PROFILE));
    const { user } = await openCheckout();

    await user.type(screen.getByLabelText('City'), ' Mitte');
    expect(screen.getByLabelText('Save as my billing information')).not.toBeChecked();
    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(placeOrderButton());

    await waitFor(() => expect(order).toHaveLength(1));
    expect(saved).toHaveLength(0);
  });

  it('sends a retry of the same order after a server fault with the same Idempotency-Key', async () => {
    storeCart([cartItem(1)]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const requests = recordPosts('/api/orders', (previousCalls) =>
      previousCalls === 0
        ? HttpResponse.json({ title: 'An unexpected server error occurred.' }, { status: 503 })
        : placed()(),
    );
    const { user } = await openCheckout();

    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(placeOrderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An error has occurred.');
    await user.click(placeOrderButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_LINK));
    expect(requests).toHaveLength(2);
    expect(requests[1]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);
  });

  it('starts a new attempt, with a new key, after the server refused the order', async () => {
    storeCart([cartItem(1)]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = recordPosts('/api/orders', () =>
      validationFailed({ '': ['Insufficient balance.'] }),
    );
    const { user } = await openCheckout();

    await user.click(screen.getByLabelText(AGREEMENT));
    await user.click(placeOrderButton());
    await screen.findByRole('alert');
    await user.click(placeOrderButton());

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.idempotencyKey).toMatch(UUID);
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });
});
