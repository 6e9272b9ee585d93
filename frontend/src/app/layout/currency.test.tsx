import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { findCardLink } from '@/features/gallery/testing/interactions';
import { renderApp } from '@/test/render';

// The home page asks for the latest pictures and the categories; a test goes on once both are
// shown, so that none of its page's requests outlives it.
async function renderHome() {
  renderApp('/');
  await findCardLink('Misty Fjord at Dawn');
  await within(await screen.findByRole('region', { name: 'Categories' })).findByText('Landscapes');
}

async function chooseCurrency(code: string) {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Currency' }), code);
}

describe('currency selector', () => {
  // The home page shows the latest pictures and the categories.
  beforeEach(() => serveCatalogue());

  it('offers the 14 currencies with EUR chosen by default', async () => {
    await renderHome();
    const select = await screen.findByRole('combobox', { name: 'Currency' });
    expect(select).toHaveDisplayValue('EUR');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'EUR',
      'USD',
      'GBP',
      'NOK',
      'CZK',
      'PLN',
      'CHF',
      'AUD',
      'AZN',
      'KZT',
      'SAR',
      'JPY',
      'CAD',
      'NZD',
    ]);
  });

  it('starts with the stored currency', async () => {
    window.localStorage.setItem('currency', 'JPY');
    await renderHome();
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveDisplayValue('JPY');
  });

  it('asks before emptying the cart, then stores the new currency and empties the cart', async () => {
    const price = { amount: '12.30', currency: 'EUR', minorUnits: 1230 };
    window.localStorage.setItem(
      'cart',
      JSON.stringify([{ offerId: 7, attributes: { id: 21, price } }]),
    );
    window.localStorage.setItem(
      'gift-card',
      JSON.stringify({ offerId: -1, offerAttributeId: -1, amount: '50.00', currency: 'EUR' }),
    );
    await renderHome();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    await chooseCurrency('USD');

    const dialog = within(await screen.findByRole('dialog', { name: 'Show prices in USD?' }));
    expect(
      dialog.getByText(/Your cart \(2 items\) is priced in EUR\. Changing the currency empties it/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await userEvent
      .setup()
      .click(dialog.getByRole('button', { name: 'Change and empty the cart' }));

    expect(await screen.findByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Prices are now shown in USD; your cart was emptied.'),
    ).toBeVisible();
    expect(window.localStorage.getItem('currency')).toBe('USD');
    expect(window.localStorage.getItem('cart')).toBeNull();
    expect(window.localStorage.getItem('gift-card')).toBeNull();
  });

  it('keeps the cart and the currency when the customer says so', async () => {
    const price = { amount: '12.30', currency: 'EUR', minorUnits: 1230 };
    window.localStorage.setItem(
      'cart',
      JSON.stringify([{ offerId: 7, attributes: { id: 21, price } }]),
    );
    await renderHome();

    await chooseCurrency('JPY');
    const dialog = within(await screen.findByRole('dialog', { name: 'Show prices in JPY?' }));
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Keep EUR' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveDisplayValue('EUR');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(window.localStorage.getItem('currency')).toBeNull();
  });

  it('changes at once when the cart is empty', async () => {
    await renderHome();

    await chooseCurrency('USD');

    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveDisplayValue('USD');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('currency')).toBe('USD');
  });
});
