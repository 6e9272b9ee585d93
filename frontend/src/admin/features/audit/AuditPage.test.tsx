import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp } from '@/test/render';
import type { AuditRecord } from '../../api/types';
import { answer, auditRecord, OWNER, staffSignedIn } from '../../testing/staffServer';

const ROLE_CHANGE = auditRecord({ id: 9 });
const ADDED = auditRecord({
  id: 1,
  at: '2026-11-20T08:00:00Z',
  actor: null,
  address: 'command line',
  action: 'staff.add',
  object: 'staff:1',
  before: null,
  after: { role: 'owner' },
});

/** Answers the audit trail with `items` and `total`, on whatever page was asked for. */
function serveAudit(items: AuditRecord[], total = items.length) {
  return answer('get', '/api/admin/audit', () =>
    HttpResponse.json({ items, total, page: 1, pageSize: 50 }),
  );
}

function openAudit(path = '/admin/audit') {
  staffSignedIn(OWNER);
  const view = renderApp(path);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('audit trail', () => {
  it('lists the records: time, actor, address, action, object, before and after', async () => {
    const calls = serveAudit([ROLE_CHANGE, ADDED]);
    openAudit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit trail' }),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    // Newest first, as the server answered.
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('staff.role_change');
    expect(second).toHaveTextContent('staff.add');
    const roleChange = within(screen.getByRole('row', { name: /staff\.role_change/ }));
    expect(roleChange.getByText('ann@example.com')).toBeInTheDocument();
    expect(roleChange.getByText('203.0.113.9')).toBeInTheDocument();
    expect(roleChange.getByText('staff.role_change')).toBeInTheDocument();
    expect(roleChange.getByText('staff:4')).toBeInTheDocument();
    expect(roleChange.getByText('role: support → catalogue')).toBeInTheDocument();
    const added = within(screen.getByRole('row', { name: /staff\.add/ }));
    expect(added.getByText('None')).toBeInTheDocument();
    expect(added.getByText('command line')).toBeInTheDocument();
    expect(added.getByText('role: owner')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 records, newest first');
    expect(calls.map((call) => call.query)).toEqual([{ Page: '1', PageSize: '50' }]);
    // One page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Audit trail pages' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('writes the filters to the address and sends them to the server', async () => {
    const calls = serveAudit([ROLE_CHANGE]);
    const { history, user } = openAudit();
    await screen.findByRole('table');

    await fill(user, screen.getByLabelText('Actor'), 'ann@example.com');
    await user.selectOptions(screen.getByLabelText('Action'), 'staff.role_change');
    await fill(user, screen.getByLabelText('From'), '2026-11-01');
    await fill(user, screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    const filters = {
      Actor: 'ann@example.com',
      Action: 'staff.role_change',
      From: '2026-11-01',
      To: '2026-11-30',
    };
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual(filters);
    expect(calls[1]?.query).toEqual({ ...filters, Page: '1', PageSize: '50' });
  });

  it('reads the filters and the page from the address, and pages on the server', async () => {
    const calls = serveAudit([ROLE_CHANGE], 120);
    const { history, user } = openAudit('/admin/audit?Action=staff.sign_in&Page=2');
    const pages = await screen.findByRole('navigation', { name: 'Audit trail pages' });
    expect(screen.getByLabelText('Action')).toHaveValue('staff.sign_in');
    expect(within(pages).getAllByRole('button')).toHaveLength(3);
    expect(within(pages).getByRole('button', { name: 'Go to page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(calls[0]?.query).toEqual({ Action: 'staff.sign_in', Page: '2', PageSize: '50' });

    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(history.location.search).toBe('?Action=staff.sign_in&Page=3');
    expect(calls[1]?.query).toEqual({ Action: 'staff.sign_in', Page: '3', PageSize: '50' });
  });

  it('says when nothing matches the filters', async () => {
    serveAudit([]);
    openAudit('/admin/audit?Actor=nobody%40example.com');
    expect(
      await screen.findByText('Nothing in the audit trail matches these filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await expectNoAxeViolations();
  });
});
