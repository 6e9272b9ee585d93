import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serveLogout } from '@/features/accounts/testing/accountsServer';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { serveOrders } from '@/features/orders/testing/ordersServer';
import { renderApp, signIn } from '@/test/render';

describe('header, footer and account menu', () => {
  // The home page shows the latest pictures and the categories.
  beforeEach(() => serveCatalogue());

  it('links the main sections in the header and the legal pages in the footer', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Artshop' });

    const mainNav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Gallery', '/gallery'],
      ['Generate', '/generate'],
      ['Contact', '/contact'],
    ]) {
      expect(within(mainNav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const legalNav = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legalNav).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(legalNav).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  });

  it('offers log in and sign up to a visitor', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Log in', 'Sign up']);
  });

  it("offers a customer's pages and logging out, which ends the session", async () => {
    const user = userEvent.setup();
    signIn();
    serveOrders([]);
    const logouts = serveLogout(204);
    renderApp('/order-history');
    await screen.findByRole('heading', { name: 'Order history' });

    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Account settings',
      'Billing information',
      'Artworks',
      'Order history',
      'Balance',
      'Support requests',
      'Log out',
    ]);

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Artshop' })).toBeInTheDocument();
    // The snackbar is loaded when first needed.
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
    expect(window.sessionStorage.getItem('refreshToken')).toBeNull();
    expect(logouts).toHaveLength(1);
  });

  it('follows a header link to its page and scrolls to the top', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Artshop' });
    scrollTo.mockClear();

    const mainNav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(mainNav).getByRole('link', { name: 'Gallery' }));

    expect(await screen.findByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the anchor named by the address hash', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderApp('/privacy-policy#storage');
    await screen.findByRole('heading', { name: '8. Cookies and browser storage' });
    // The scroll follows the page's arrival, in an effect after the heading is drawn.
    await waitFor(() =>
      expect(scrollIntoView.mock.contexts).toContainEqual(document.getElementById('storage')),
    );
  });

  it('announces the new page and puts the focus on its heading', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Artshop' });

    const legalNav = screen.getByRole('navigation', { name: 'Legal' });
    await user.click(within(legalNav).getByRole('link', { name: 'Terms and conditions' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Terms and conditions | Artshop')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('skips to the main content with the first Tab', async () => {
    const user = userEvent.setup();
    renderApp('/privacy-policy');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    expect(skipLink).toHaveAttribute('href', '#main');
    await user.keyboard('{Enter}');

    expect(heading).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
