import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost } from '@/features/accounts/testing/accountsServer';
import { fill } from '@/test/fill';
import { cartItem, storeCart } from '@/features/cart/testing/cartStorage';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { serveOrders } from '@/features/orders/testing/ordersServer';
import { renderApp, signIn } from '@/test/render';
import { resolveAccessCheck } from './access/accessChecks';

describe('routes and access checks', () => {
  it('asks a signed-out visitor opening /cart to log in, says why and that the cart is kept', async () => {
    storeCart([cartItem(1)]);
    renderApp('/cart');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Log in to see your cart and check out.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your cart is kept: 1 picture\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
  });

  it.each([
    ['/account-settings', 'your account settings'],
    ['/artworks', 'the pictures you bought'],
    ['/billing-information', 'your billing information'],
    ['/order-history', 'your orders'],
    ['/balance', 'your balance'],
  ])('asks a signed-out visitor opening %s to log in to see %s', async (path, what) => {
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Log in to see ${what}.` }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Your cart is kept/)).not.toBeInTheDocument();
  });

  it('returns a signed-out visitor to the page after logging in', async () => {
    answerPost('/api/Accounts/login', () =>
      HttpResponse.json({ accessToken: 'access-new', refreshToken: 'refresh-new' }),
    );
    const user = userEvent.setup({ delay: null });
    const { history } = renderApp('/cart?step=checkout');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Log in to see your cart and check out.',
    });

    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await fill(user, await screen.findByLabelText('E-mail'), 'ann@example.com');
    await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await waitFor(() => expect(history.location.search).toBe('?step=checkout'));
  });

  it('returns a visitor who creates an account first to the page after logging in', async () => {
    answerPost('/api/Accounts/register', () => HttpResponse.json({ email: 'ann@example.com' }));
    answerPost('/api/Accounts/login', () =>
      HttpResponse.json({ accessToken: 'access-new', refreshToken: 'refresh-new' }),
    );
    const user = userEvent.setup({ delay: null });
    serveOrders([]);
    renderApp('/order-history');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await fill(user, await screen.findByLabelText('E-mail'), 'ann@example.com');
    await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
    await fill(user, screen.getByLabelText('Repeat the password'), 'violet-kite-93');
    await user.click(screen.getByLabelText(/I agree to the privacy policy/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  });

  it("answers a signed-in customer opening /login with 'Page Not Found: /login'", async () => {
    signIn();
    renderApp('/login');
    expect(await screen.findByText('Page Not Found: /login')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it.each(['/sign-up', '/forgot-password', '/reset-password'])(
    'keeps %s from signed-in customers',
    async (path) => {
      signIn();
      renderApp(path);
      expect(await screen.findByText(`Page Not Found: ${path}`)).toBeInTheDocument();
    },
  );

  it('lets a signed-in customer open the cart', async () => {
    signIn();
    renderApp('/cart');
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('lets a visitor open the log-in page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it("answers an unknown path with 'Page not found: /x'", async () => {
    renderApp('/x');
    expect(await screen.findByText('Page not found: /x')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/gallery', 'Gallery'],
    ['/gallery/landscapes', 'Landscapes'],
    ['/gallery/picture/misty-fjord-at-dawn', 'Misty Fjord at Dawn'],
    ['/generate', 'Generate images'],
    ['/contact', 'Contact'],
    ['/privacy-policy', 'Privacy policy'],
    ['/terms-and-conditions', 'Terms and conditions'],
    ['/error', 'Something went wrong on our side. Please try again in a moment.'],
  ])('opens %s for everyone', async (path, heading) => {
    serveCatalogue();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the reason on the not-logged-in page, with a link to log in', async () => {
    renderApp('/not-logged-in?reason=You%20were%20logged%20out');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You were logged out' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('throws for an unknown access check name', () => {
    expect(() => resolveAccessCheck('admin-only')).toThrow('Unknown access check: admin-only');
  });

  it('decides the named checks by the presence of a token', () => {
    expect(resolveAccessCheck('auth')({ isSignedIn: true })).toBe(true);
    expect(resolveAccessCheck('auth')({ isSignedIn: false })).toBe(false);
    expect(resolveAccessCheck('already-auth')({ isSignedIn: true })).toBe(false);
    expect(resolveAccessCheck('already-auth')({ isSignedIn: false })).toBe(true);
    expect(resolveAccessCheck('homepage')({ isSignedIn: false })).toBe(true);
  });
});
