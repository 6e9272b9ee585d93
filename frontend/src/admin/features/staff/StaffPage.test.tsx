import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp } from '@/test/render';
import type { StaffMember } from '../../api/types';
import {
  answer,
  member,
  OWNER,
  refusal,
  STAFF_TOKEN,
  staffSignedIn,
} from '../../testing/staffServer';

const ANN = member({ id: 1, email: 'ann@example.com', role: 'owner' });
const BOB = member({ id: 4, email: 'bob@example.com' });
const CY = member({ id: 5, email: 'cy@example.com', status: 'invited', lastSignInAt: null });
const LINK = 'https://shop.example/admin/setup/bmV3LWxpbmstZm9yLWN5';

/** The staff list, answered from `members`, which the test may change between calls. */
function serveStaff(members: StaffMember[]) {
  return answer('get', '/api/admin/staff', () => HttpResponse.json({ items: members }));
}

function openStaff(members: StaffMember[] = [ANN, BOB, CY]) {
  staffSignedIn(OWNER);
  const lists = serveStaff(members);
  const view = renderApp('/admin/staff');
  return { ...view, lists, user: userEvent.setup({ delay: null }) };
}

const row = (email: string) => screen.getByRole('row', { name: new RegExp(`^${email}`) });

describe('staff', () => {
  it('lists the members with their role, status and last sign-in', async () => {
    const { lists } = openStaff();
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    await screen.findByRole('table');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['E-mail', 'Role', 'Status', 'Last sign-in', 'Actions']);
    const bob = within(row('bob@example.com'));
    expect(bob.getByText('Support')).toBeInTheDocument();
    expect(bob.getByText('Active')).toBeInTheDocument();
    expect(bob.getByText(/2026/)).toBeInTheDocument();
    const cy = within(row('cy@example.com'));
    expect(cy.getByText('Invited')).toBeInTheDocument();
    expect(cy.getByText('Never')).toBeInTheDocument();
    expect(lists.map((call) => call.authorization)).toEqual([`Bearer ${STAFF_TOKEN}`]);
    await expectNoAxeViolations();
  });

  it('invites someone in a dialog and shows the set-up link to copy, once', async () => {
    const { lists, user } = openStaff();
    const invites = answer('post', '/api/admin/staff', () =>
      HttpResponse.json(
        { staff: member({ id: 6, email: 'dee@example.com', status: 'invited' }), setupLink: LINK },
        { status: 201 },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    await expectNoAxeViolations();
    await fill(user, within(dialog).getByLabelText('E-mail'), 'dee@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Catalogue');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    expect(await within(dialog).findByText(LINK)).toBeInTheDocument();
    expect(invites.map((call) => call.body)).toEqual([
      { email: 'dee@example.com', role: 'catalogue' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy the link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    // The list is asked for again: the new member is in it.
    await waitFor(() => expect(lists).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(LINK)).toBeNull();
  });

  it('shows why an invitation was refused under its field', async () => {
    const { user } = openStaff();
    answer('post', '/api/admin/staff', () =>
      refusal(400, { email: ['This address is staff already.'] }),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    await fill(user, within(dialog).getByLabelText('E-mail'), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const email = within(dialog).getByLabelText('E-mail');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('This address is staff already.'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it("changes a member's role after asking, naming them", async () => {
    const { lists, user } = openStaff();
    const patches = answer('patch', '/api/admin/staff/4', () =>
      HttpResponse.json({ ...BOB, role: 'catalogue' }),
    );
    await screen.findByRole('table');
    await user.click(within(row('bob@example.com')).getByRole('button', { name: /^Change role/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change the role of bob@example.com',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Change role' });
    // The role it has already is not a change.
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Catalogue');
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/staff/4', { role: 'catalogue' }],
    ]);
    await waitFor(() => expect(lists).toHaveLength(2));
  });

  it('keeps the dialog open with the reason when the server refuses the change', async () => {
    const { user } = openStaff();
    answer('patch', '/api/admin/staff/1', () =>
      refusal(400, { '': ['The shop needs at least one active owner.'] }),
    );
    await screen.findByRole('table');
    await user.click(within(row('ann@example.com')).getByRole('button', { name: /^Change role/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change the role of ann@example.com',
    });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Support');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The shop needs at least one active owner.',
    );
  });

  it('suspends a member after a question that names them; Cancel changes nothing', async () => {
    const { user } = openStaff();
    const patches = answer('patch', '/api/admin/staff/4', () =>
      HttpResponse.json({ ...BOB, status: 'suspended' }),
    );
    await screen.findByRole('table');
    const suspend = within(row('bob@example.com')).getByRole('button', { name: /^Suspend/ });
    expect(suspend).toHaveAccessibleName('Suspend: bob@example.com');

    await user.click(suspend);
    let dialog = await screen.findByRole('dialog', { name: 'Suspend bob@example.com?' });
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([]);

    await user.click(suspend);
    dialog = await screen.findByRole('dialog', { name: 'Suspend bob@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches.map((call) => call.body)).toEqual([{ suspended: true }]);
  });

  it('lets a suspended member back after asking', async () => {
    const { user } = openStaff([member({ id: 4, email: 'bob@example.com', status: 'suspended' })]);
    const patches = answer('patch', '/api/admin/staff/4', () => HttpResponse.json(BOB));
    await user.click(await screen.findByRole('button', { name: 'Unsuspend: bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsuspend bob@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unsuspend' }));
    await waitFor(() => expect(patches.map((call) => call.body)).toEqual([{ suspended: false }]));
  });

  it('makes a new set-up link after saying it drops their authenticator', async () => {
    const { user } = openStaff();
    const posts = answer('post', '/api/admin/staff/5/setup-link', () =>
      HttpResponse.json({ setupLink: LINK }),
    );
    await screen.findByRole('table');
    await user.click(
      within(row('cy@example.com')).getByRole('button', { name: /^New set-up link/ }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'New set-up link for cy@example.com?',
    });
    expect(dialog).toHaveTextContent(/authenticator app and recovery codes stop working/);
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(await within(dialog).findByText(LINK)).toBeInTheDocument();
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/staff/5/setup-link', undefined],
    ]);
  });
});
