import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Money } from '@/types/money';
import type { AdminOffer } from '../../api/types';
import { answer, CATALOGUE, listPage, refusal, staffSignedIn } from '../../testing/staffServer';

const eur = (amount: string): Money => ({
  amount,
  currency: 'EUR',
  minorUnits: Math.round(Number(amount) * 100),
});

const DRAFT: AdminOffer = {
  id: 12,
  urlName: 'harbour-lights',
  title: 'Harbour Lights',
  thumbnail: '/media/ab/thumb.webp',
  category: 'landscapes',
  style: 'Watercolor',
  state: 'hidden',
  exclusive: false,
  sold: false,
  createdAt: '2026-11-26T10:00:00Z',
  price: eur('19.00'),
  description: 'Lanterns over still water.',
  tags: ['harbour', 'night'],
  width: 1200,
  height: 800,
  preview: '/media/cd/preview.webp',
  ordered: false,
  sizes: [
    {
      attributeId: 31,
      name: 'Full size',
      longEdge: 1200,
      width: 1200,
      height: 800,
      licence: 'Personal',
      price: eur('19.00'),
    },
  ],
};

describe('the catalogue', () => {
  it('lists every offer with its state, and keeps the filters in the address', async () => {
    staffSignedIn(CATALOGUE);
    const lists = answer('get', '/api/admin/offers', () => listPage([DRAFT]));
    const { history } = renderApp('/admin/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
    const row = within(await screen.findByRole('row', { name: /Harbour Lights/ }));
    expect(row.getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute(
      'href',
      '/admin/offers/12',
    );
    expect(row.getByText('Hidden')).toBeInTheDocument();
    await expectNoAxeViolations();

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('State'), 'Hidden');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lists).toHaveLength(2));
    expect(history.location.search).toBe('?State=hidden');
    expect(lists[1]?.query).toEqual({
      State: 'hidden',
      Sort: '-createdAt',
      Page: '1',
      PageSize: '50',
    });
  });

  it('saves a new price, and publishes only after asking', async () => {
    staffSignedIn(CATALOGUE);
    answer('get', '/api/admin/offers/12', () => HttpResponse.json(DRAFT));
    const edits = answer('patch', '/api/admin/offers/12', () =>
      HttpResponse.json({ ...DRAFT, price: eur('24.50') }),
    );
    const publishes = answer('post', '/api/admin/offers/12/publish', () =>
      HttpResponse.json({ ...DRAFT, state: 'published' }),
    );
    renderApp('/admin/offers/12');
    const user = userEvent.setup({ delay: null });
    const price = await screen.findByLabelText('Price of Full size Personal (EUR)');
    await user.clear(price);
    await fill(user, price, '24.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]?.body).toMatchObject({ prices: [{ attributeId: 31, price: '24.50' }] });
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Publish Harbour Lights?' }));
    expect(publishes).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(publishes).toHaveLength(1));
  });

  it('says Saved once the saved offer is read again', async () => {
    staffSignedIn(CATALOGUE);
    const renamed = { ...DRAFT, title: 'Harbour Lights at Dusk' };
    // The edit refetches the offer: the second read answers the saved title.
    const reads = answer('get', '/api/admin/offers/12', (previous) =>
      HttpResponse.json(previous === 0 ? DRAFT : renamed),
    );
    answer('patch', '/api/admin/offers/12', () => HttpResponse.json(renamed));
    renderApp('/admin/offers/12');
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await fill(user, title, 'Harbour Lights at Dusk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbour Lights at Dusk' }),
    ).toBeInTheDocument();
    expect(reads).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it("shows the server's reason when it refuses an upload", async () => {
    staffSignedIn(CATALOGUE);
    const sent: string[] = [];
    server.use(
      http.post(apiUrl('/api/admin/offers'), ({ request }) => {
        sent.push(new URL(request.url).search);
        return refusal(400, {
          file: ['The picture is too small: at least 512 pixels on each side.'],
        });
      }),
    );
    renderApp('/admin/offers/new');
    const user = userEvent.setup({ delay: null });
    await user.upload(
      await screen.findByLabelText(/^Picture/),
      new File(['tiny'], 'tiny.png', { type: 'image/png' }),
    );
    await fill(user, screen.getByLabelText('Title'), 'Tiny Harbour');
    await fill(user, screen.getByLabelText('Category'), 'landscapes');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('The picture is too small: at least 512 pixels on each side.'),
    ).toBeInTheDocument();
    expect(sent).toEqual(['?Title=Tiny+Harbour&Category=landscapes&Style=None']);
  });
});
