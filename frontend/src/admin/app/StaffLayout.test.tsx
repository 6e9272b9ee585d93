import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp, signIn } from '@/test/render';
import {
  answer,
  auditRecord,
  CATALOGUE,
  OWNER,
  roleRefused,
  serveStaffSession,
  signInRequired,
  signInStaff,
  STAFF_TOKEN,
  staffSession,
  staffSignedIn,
  SUPPORT,
} from '../testing/staffServer';

const SIGN_IN_HEADING = { level: 1, name: 'Sign in to the back office' } as const;
const where = (location: { pathname: string; search: string }) =>
  `${location.pathname}${location.search}`;
/** An owner's screens, in the navigation's order: label and address. */
const OWNER_SCREENS = [
  ['Orders', '/admin/orders'],
  ['Customers', '/admin/customers'],
  ['Gift cards', '/admin/gift-cards'],
  ['Dashboard', '/admin/dashboard'],
  ['Tickets', '/admin/tickets'],
  ['Catalogue', '/admin/offers'],
  ['Staff', '/admin/staff'],
  ['Audit trail', '/admin/audit'],
];
const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the back office: navigation per role', () => {
  it("lists an owner's screens in the navigation and as cards on the home", async () => {
    staffSignedIn(OWNER);
    renderApp('/admin');

    expect(await navLinks()).toEqual([['Home', '/admin'], ...OWNER_SCREENS]);
    expect(screen.getByRole('heading', { level: 1, name: 'Back office' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Screens' })).getAllByRole('link');
    expect(
      cards.map((card) => [card.querySelector('h2')?.textContent, card.getAttribute('href')]),
    ).toEqual(OWNER_SCREENS);
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('(Owner)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // Nothing of the shop's header: no cart, no currency.
    expect(screen.queryByRole('link', { name: /Cart/ })).toBeNull();
    expect(document.getElementById('first-screen')).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows a support member orders, customers, gift cards and tickets, but neither Staff nor the audit trail', async () => {
    staffSignedIn(SUPPORT);
    renderApp('/admin');
    expect(await navLinks()).toEqual([
      ['Home', '/admin'],
      ['Orders', '/admin/orders'],
      ['Customers', '/admin/customers'],
      ['Gift cards', '/admin/gift-cards'],
      ['Tickets', '/admin/tickets'],
    ]);
    const cards = within(screen.getByRole('list', { name: 'Screens' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/admin/orders',
      '/admin/customers',
      '/admin/gift-cards',
      '/admin/tickets',
    ]);
  });

  it('shows a catalogue member the catalogue alone', async () => {
    staffSignedIn(CATALOGUE);
    renderApp('/admin');
    expect(await navLinks()).toEqual([
      ['Home', '/admin'],
      ['Catalogue', '/admin/offers'],
    ]);
    const cards = within(screen.getByRole('list', { name: 'Screens' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/admin/offers']);
  });

  it.each([
    ['/admin/staff', 'Staff', SUPPORT],
    ['/admin/audit', 'Audit trail', SUPPORT],
    ['/admin/orders', 'Orders', CATALOGUE],
    ['/admin/orders/42', 'Order 42', CATALOGUE],
    ['/admin/customers', 'Customers', CATALOGUE],
    ['/admin/customers/7', 'Customer', CATALOGUE],
    ['/admin/gift-cards', 'Gift cards', CATALOGUE],
    ['/admin/dashboard', 'Dashboard', SUPPORT],
    ['/admin/offers', 'Catalogue', SUPPORT],
    ['/admin/offers/12', 'Offer', SUPPORT],
    ['/admin/offers/new', 'Upload a picture', SUPPORT],
  ])(
    'refuses %s to a role without its permission, without asking the server',
    async (path, title, staff) => {
      // No handler for the screen's own call: making it would fail the test.
      staffSignedIn(staff);
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Your role does not allow this.');
    },
  );

  it("shows the server's refusal of the role and stays signed in", async () => {
    staffSignedIn(OWNER);
    answer('get', '/api/admin/staff', () => roleRefused());
    renderApp('/admin/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this.');
    expect(window.sessionStorage.getItem('staff-session')).toBe(STAFF_TOKEN);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
  });
});

describe('the back office: the staff session', () => {
  it('leads to sign in, keeping the page, when there is no staff session; a customer token opens nothing', async () => {
    // No handler at all: a call with the customer's token would fail the test.
    signIn('access-1', 'refresh-1');
    const { history } = renderApp('/admin/staff');
    expect(await screen.findByRole('heading', SIGN_IN_HEADING)).toBeInTheDocument();
    expect(where(history.location)).toBe('/admin/sign-in?next=%2Fadmin%2Fstaff');
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it("signs out on a 403 'Sign in to the back office.' from any call and comes back after signing in", async () => {
    signInStaff();
    serveStaffSession(OWNER);
    answer('get', '/api/admin/audit', () => signInRequired());
    const { history } = renderApp('/admin/audit?Action=staff.sign_in');

    expect(await screen.findByRole('heading', SIGN_IN_HEADING)).toBeInTheDocument();
    expect(where(history.location)).toBe(
      `/admin/sign-in?next=${encodeURIComponent('/admin/audit?Action=staff.sign_in')}`,
    );
    expect(window.sessionStorage.getItem('staff-session')).toBeNull();
    expect(
      screen.getByText(
        'Your back-office session has ended. Sign in again to go on where you were.',
      ),
    ).toBeInTheDocument();

    answer('post', '/api/admin/session', () =>
      HttpResponse.json(staffSession(OWNER, 'stf_second')),
    );
    const audit = answer('get', '/api/admin/audit', () =>
      HttpResponse.json({ items: [auditRecord({ id: 9 })], total: 1, page: 1, pageSize: 50 }),
    );
    const user = userEvent.setup({ delay: null });
    await fill(user, screen.getByLabelText('E-mail'), 'ann@example.com');
    await fill(user, screen.getByLabelText('Password'), 'violet-kite-93');
    await fill(user, screen.getByLabelText(/^Code from your authenticator app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit trail' }),
    ).toBeInTheDocument();
    expect(where(history.location)).toBe('/admin/audit?Action=staff.sign_in');
    await waitFor(() =>
      expect(audit.map((call) => call.authorization)).toEqual(['Bearer stf_second']),
    );
  });

  it('signs out: ends the session on the server, forgets the token and shows the sign-in alone', async () => {
    staffSignedIn(OWNER);
    const deletes = answer(
      'delete',
      '/api/admin/session',
      () => new HttpResponse(null, { status: 204 }),
    );
    const { history } = renderApp('/admin');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', SIGN_IN_HEADING)).toBeInTheDocument();
    expect(where(history.location)).toBe('/admin/sign-in');
    expect(deletes.map((call) => call.authorization)).toEqual([`Bearer ${STAFF_TOKEN}`]);
    expect(window.sessionStorage.getItem('staff-session')).toBeNull();
  });

  it("sends the staff token to the back office, never the customer's token", async () => {
    signIn('access-1', 'refresh-1');
    const sessionCalls = staffSignedIn(OWNER);
    renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Back office' });
    expect(sessionCalls.map((call) => call.authorization)).toEqual([`Bearer ${STAFF_TOKEN}`]);
  });
});
