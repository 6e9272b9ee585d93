import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveProfile, validationFailed } from '@/features/accounts/testing/accountsServer';
import { fill } from '@/test/fill';
import { chooseOption } from '@/features/gallery/testing/interactions';
import { renderApp, signIn } from '@/test/render';
import { gate, recordPosts } from '@/test/requests';
import { acceptTickets, createdTicket, TICKET_PATH } from '../testing/supportServer';

const MESSAGE = 'My download of Misty Fjord stops halfway.';

async function openContact() {
  renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact' });
  return userEvent.setup({ delay: null });
}

const findConfirmation = () =>
  screen.findByRole('status', { name: 'Thank you, we have your message' });
const form = () => within(screen.getByRole('form', { name: 'Contact support' }));

async function writeTicket(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, form().getByLabelText('E-mail'), 'ann@example.com');
  await fill(user, form().getByLabelText('Name'), 'Ann Lee');
  await chooseOption(user, 'What is it about?', 'A technical problem');
  await fill(user, form().getByLabelText('Message'), MESSAGE);
}

describe('contact page', () => {
  it('sends a visitor’s ticket, shows its reference and starts the form over', async () => {
    const { opened, release } = gate();
    const requests = recordPosts(TICKET_PATH, async () => {
      await opened;
      return HttpResponse.json(createdTicket('Technical'));
    });
    const user = await openContact();

    await writeTicket(user);
    const send = form().getByRole('button', { name: 'Send' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(within(send).getByRole('progressbar')).toBeInTheDocument();
    release();

    expect(await findConfirmation()).toHaveTextContent(
      'Your ticket reference is AS-7K3M-9Q2D. We have sent a confirmation to ann@example.com.',
    );
    expect(requests.map((request) => request.body)).toEqual([
      {
        email: 'ann@example.com',
        name: 'Ann Lee',
        supportTicketType: 'Technical',
        description: MESSAGE,
      },
    ]);
    expect(form().getByLabelText('E-mail')).toHaveValue('');
    expect(form().getByLabelText('Name')).toHaveValue('');
    expect(form().getByLabelText('Message')).toHaveValue('');
    expect(form().getByLabelText('What is it about?')).toHaveTextContent('A general question');
  });

  it('fills in the e-mail and name of a signed-in customer', async () => {
    signIn();
    const authorizations = serveProfile();
    const requests = acceptTickets();
    const user = await openContact();

    await waitFor(() => expect(form().getByLabelText('E-mail')).toHaveValue('ann@example.com'));
    expect(form().getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(authorizations).toEqual(['Bearer access-1']);

    await fill(user, form().getByLabelText('Message'), MESSAGE);
    await user.click(form().getByRole('button', { name: 'Send' }));

    expect(await findConfirmation()).toHaveTextContent('AS-7K3M-9Q2D');
    expect(requests[0]?.body).toMatchObject({ email: 'ann@example.com', name: 'Ann Lee' });
    // Starting over keeps who is writing.
    expect(form().getByLabelText('E-mail')).toHaveValue('ann@example.com');
    expect(form().getByLabelText('Message')).toHaveValue('');
  });

  it('counts the characters of the message', async () => {
    const user = await openContact();
    const message = form().getByLabelText('Message');
    expect(message).toHaveAccessibleDescription('At least 10 characters. 0 / 5000');

    await fill(user, message, 'Hello there');

    expect(message).toHaveAccessibleDescription('At least 10 characters. 11 / 5000');
  });

  it('shows the server’s messages under the fields they concern', async () => {
    recordPosts(TICKET_PATH, () =>
      validationFailed({
        email: ['Enter a valid e-mail address.'],
        description: ['Write at least 10 characters.'],
      }),
    );
    const user = await openContact();

    await fill(user, form().getByLabelText('E-mail'), 'ann');
    await fill(user, form().getByLabelText('Message'), 'Help');
    await user.click(form().getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(form().getByLabelText('E-mail')).toHaveAccessibleDescription(
        'Enter a valid e-mail address.',
      ),
    );
    expect(form().getByLabelText('Message')).toHaveAccessibleDescription(
      'Write at least 10 characters. 4 / 5000',
    );
    expect(form().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a general message beside the form', async () => {
    recordPosts(TICKET_PATH, () =>
      validationFailed({ '': ['Support is closed for maintenance.'] }),
    );
    const user = await openContact();

    await writeTicket(user);
    await user.click(form().getByRole('button', { name: 'Send' }));

    expect(await form().findByRole('alert')).toHaveTextContent(
      'Support is closed for maintenance.',
    );
    expect(form().getByLabelText('Message')).toHaveValue(MESSAGE);
  });

  it("says 'Too many requests.' when too many tickets were sent", async () => {
    recordPosts(TICKET_PATH, () =>
      HttpResponse.json(
        { title: 'Too Many Requests', status: 429 },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    );
    const user = await openContact();

    await writeTicket(user);
    await user.click(form().getByRole('button', { name: 'Send' }));

    expect(await form().findByRole('alert')).toHaveTextContent('Too many requests.');
  });
});
