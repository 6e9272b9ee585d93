import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp } from '@/test/render';
import { answer, CATALOGUE, listPage, staffSignedIn, SUPPORT } from '../../testing/staffServer';
import type { StaffMe } from '../../api/types';
import type { StaffTicket, TicketRow } from './ticketsApi';

const NOW = new Date('2026-11-27T12:00:00Z');

function ticketRow(overrides: Partial<TicketRow> & Pick<TicketRow, 'id'>): TicketRow {
  return {
    reference: `AS-7K3M-9Q2${overrides.id}`,
    type: 'Order',
    email: 'ann@example.com',
    name: 'Ann Example',
    status: 'new',
    assignee: null,
    createdAt: '2026-11-24T12:00:00Z',
    lastMessageAt: '2026-11-27T11:00:00Z',
    ...overrides,
  };
}

function openTickets(items: TicketRow[], staff: StaffMe = SUPPORT, path = '/admin/tickets') {
  staffSignedIn(staff);
  const lists = answer('get', '/api/admin/tickets', () => listPage(items));
  const view = renderApp(path);
  return { ...view, lists, user: userEvent.setup({ delay: null }) };
}

describe('the support desk', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists tickets with their status, assignee and age, each linked to its conversation', async () => {
    const { lists } = openTickets([
      ticketRow({ id: 1 }),
      ticketRow({
        id: 2,
        status: 'waiting',
        createdAt: '2026-11-27T09:00:00Z',
        assignee: { id: 2, email: 'sam@example.com' },
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeInTheDocument();
    const first = within(await screen.findByRole('row', { name: /AS-7K3M-9Q21/ }));
    expect(first.getByRole('link', { name: 'AS-7K3M-9Q21' })).toHaveAttribute(
      'href',
      '/admin/tickets/1',
    );
    expect(first.getByText('3 d')).toBeInTheDocument();
    expect(first.getByText('Nobody')).toBeInTheDocument();
    const second = within(screen.getByRole('row', { name: /AS-7K3M-9Q22/ }));
    expect(second.getByText('Waiting for customer')).toBeInTheDocument();
    expect(second.getByText('3 h')).toBeInTheDocument();
    expect(second.getByText('sam@example.com')).toBeInTheDocument();
    expect(lists.map((call) => call.query)).toEqual([
      { Page: '1', PageSize: '50', Sort: '-createdAt' },
    ]);
    await expectNoAxeViolations();
  });

  it('writes the filters to the address and sends them', async () => {
    const { history, lists, user } = openTickets([ticketRow({ id: 1 })]);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'Open');
    await user.selectOptions(screen.getByLabelText('Assignee'), 'Me');
    await fill(user, screen.getByLabelText('Search'), 'ann@');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lists).toHaveLength(2));
    expect(history.location.search).toBe('?Status=open&Assignee=me&Query=ann%40');
    expect(lists[1]?.query).toEqual({
      Status: 'open',
      Assignee: 'me',
      Query: 'ann@',
      Page: '1',
      PageSize: '50',
      Sort: '-createdAt',
    });
  });

  it('is not offered to a role that does not answer tickets', async () => {
    const { lists } = openTickets([], CATALOGUE);
    expect(await screen.findByText(/Your role does not allow this/)).toBeInTheDocument();
    expect(lists).toHaveLength(0);
  });
});

const CONVERSATION: StaffTicket = {
  ticket: { ...ticketRow({ id: 7, status: 'open' }), accountId: null },
  messages: [
    {
      id: 1,
      at: '2026-11-24T12:00:00Z',
      author: 'customer',
      staff: null,
      body: 'My download link answers 404.',
      internal: false,
    },
    {
      id: 2,
      at: '2026-11-24T13:00:00Z',
      author: 'staff',
      staff: { id: 2, email: 'sam@example.com' },
      body: 'Asked twice before.',
      internal: true,
    },
  ],
};

function openTicket() {
  staffSignedIn(SUPPORT);
  answer('get', '/api/admin/tickets/7', () => HttpResponse.json(CONVERSATION));
  const view = renderApp('/admin/tickets/7');
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('a ticket on the desk', () => {
  it('shows the conversation with notes labelled apart', async () => {
    openTicket();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket AS-7K3M-9Q27' }),
    ).toBeInTheDocument();
    const messages = within(screen.getByRole('list', { name: 'Conversation' })).getAllByRole(
      'listitem',
    );
    expect(messages).toHaveLength(2);
    const [question, note] = messages as [HTMLElement, HTMLElement];
    expect(within(note).getByText('Internal note')).toBeInTheDocument();
    expect(note).toHaveClass('conversation__message--note');
    expect(within(question).queryByText('Internal note')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('sends a note as internal, and a reply as not', async () => {
    const { user } = openTicket();
    const sent = answer('post', '/api/admin/tickets/7/messages', () =>
      HttpResponse.json({ ...CONVERSATION.messages[1], id: 3 }, { status: 201 }),
    );
    await fill(user, await screen.findByLabelText('Reply'), 'Please try again.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ body: 'Please try again.', internal: false });
    await user.click(screen.getByRole('checkbox', { name: /Internal note/ }));
    await fill(user, screen.getByLabelText('Note'), 'Refund next time.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ body: 'Refund next time.', internal: true });
  });

  it('closes the ticket and assigns it to me', async () => {
    const { user } = openTicket();
    const closes = answer('post', '/api/admin/tickets/7/close', () =>
      HttpResponse.json(CONVERSATION.ticket),
    );
    const assigns = answer('post', '/api/admin/tickets/7/assign', () =>
      HttpResponse.json(CONVERSATION.ticket),
    );
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(closes).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Assignee'), 'Me (sam@example.com)');
    await waitFor(() => expect(assigns).toHaveLength(1));
    expect(assigns[0]?.body).toEqual({ staffId: 2 });
  });
});
