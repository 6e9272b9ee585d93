import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveProfile } from '@/features/accounts/testing/accountsServer';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { CustomerTicket } from '../api/supportRequestsApi';

const TICKET: CustomerTicket = {
  id: 7,
  reference: 'AS-7K3M-9Q2D',
  type: 'Order',
  status: 'waiting',
  createdAt: '2026-11-24T12:00:00Z',
  lastMessageAt: '2026-11-24T13:00:00Z',
  messages: [
    { id: 1, at: '2026-11-24T12:00:00Z', author: 'customer', body: 'My link answers 404.' },
    { id: 2, at: '2026-11-24T13:00:00Z', author: 'staff', body: 'Please try again.' },
  ],
};

/** Serves `path` and records the query and body of each call. */
function serve(method: 'get' | 'post', path: string, respond: () => Response) {
  const calls: { search: string; body: unknown }[] = [];
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      const text = await request.text();
      calls.push({
        search: new URL(request.url).search,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      });
      return respond();
    }),
  );
  return calls;
}

describe("a visitor's request, opened from the reply mail's link", () => {
  it('shows the conversation without sign-in and sends the answer with the token', async () => {
    const reads = serve('get', '/api/support/visitor-tickets/7', () => HttpResponse.json(TICKET));
    const answers = serve('post', '/api/support/visitor-tickets/7/messages', () =>
      HttpResponse.json(
        { id: 3, at: '2026-11-24T14:00:00Z', author: 'customer', body: 'Works now.' },
        { status: 201 },
      ),
    );
    renderApp('/support/tickets/7?t=tok_en-1');
    const user = userEvent.setup({ delay: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request AS-7K3M-9Q2D' }),
    ).toBeInTheDocument();
    const [, answer] = within(screen.getByRole('list', { name: 'Conversation' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement];
    expect(within(answer).getByText('Artshop support')).toBeInTheDocument();
    expect(reads[0]?.search).toBe('?t=tok_en-1');
    await expectNoAxeViolations();
    await fill(user, screen.getByLabelText('Reply'), 'Works now.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({ search: '?t=tok_en-1', body: { body: 'Works now.' } });
  });

  it('says so when the link has expired or is not valid', async () => {
    serve('get', '/api/support/visitor-tickets/7', () =>
      HttpResponse.json(
        {
          title: 'Not Found',
          status: 404,
          errors: { '': ['This link has expired or is not valid.'] },
        },
        { status: 404 },
      ),
    );
    renderApp('/support/tickets/7?t=old');
    expect(await screen.findByText('This link has expired or is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write an answer' })).not.toBeInTheDocument();
  });
});

describe("a customer's support requests", () => {
  it('lists them under the account, each linked to its conversation', async () => {
    signIn();
    serveProfile();
    serve('get', '/api/support/tickets', () => HttpResponse.json({ items: [TICKET] }));
    renderApp('/support-requests');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support requests' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'AS-7K3M-9Q2D' })).toHaveAttribute(
      'href',
      '/support-requests/7',
    );
    expect(screen.getByText(/Answered/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
