import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLIDESHOW_INTERVAL_MS } from '@/config/constants';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { queryOf, serveCatalogue } from '../testing/catalogueServer';
import { chooseOption } from '../testing/interactions';

const PICTURE = '/gallery/picture/misty-fjord-at-dawn';

afterEach(() => {
  vi.useRealTimers();
});

function passTime(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('picture page', () => {
  it('shows the watermarked preview, the facts and every size with its price', async () => {
    serveCatalogue();
    renderApp(PICTURE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Misty Fjord at Dawn' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Misty Fjord at Dawn, painted by the generator.')).toBeInTheDocument();
    expect(screen.getByAltText('Misty Fjord at Dawn')).toHaveAttribute(
      'src',
      '/media/previews/misty-fjord-at-dawn.jpg',
    );
    expect(screen.getByText('7680 × 4320 px')).toBeInTheDocument();
    expect(screen.getByText('Horizontal')).toBeInTheDocument();
    expect(await screen.findByText('Landscapes', { selector: 'dd a' })).toHaveAttribute(
      'href',
      '/gallery/landscapes',
    );
    const sizes = within(screen.getByRole('radiogroup'));
    expect(sizes.getAllByRole('radio')).toHaveLength(3);
    expect(sizes.getByLabelText(/HD, 1,920 px, personal licence/)).toBeChecked();
    expect(sizes.getByLabelText(/4K, 3,840 px, personal licence/)).toBeInTheDocument();
    expect(sizes.getByLabelText(/8K, 7,680 px, commercial licence/)).toBeInTheDocument();
    expect(sizes.getByText('€49.00')).toBeInTheDocument();
  });

  it('adds the chosen size to the cart and says so', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    renderApp(PICTURE);

    await user.click(await screen.findByLabelText(/4K, 3,840 px/));
    await user.click(screen.getByText('Add to cart'));

    expect(
      await screen.findByText('“Misty Fjord at Dawn” (4K) was added to your cart.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Cart, 1 item')).toBeInTheDocument();
    const stored: unknown = JSON.parse(window.localStorage.getItem('cart') ?? '[]');
    expect(stored).toEqual([
      {
        offerId: 1,
        urlName: 'misty-fjord-at-dawn',
        title: 'Misty Fjord at Dawn',
        thumbnail: {
          webp: '/media/thumbnails/misty-fjord-at-dawn.webp',
          jpeg: '/media/thumbnails/misty-fjord-at-dawn.jpg',
        },
        attributes: {
          id: 12,
          name: '4K',
          longEdge: 3840,
          licence: 'Personal',
          price: { amount: '24.50', currency: 'EUR', minorUnits: 2450 },
        },
      },
    ]);

    await user.click(screen.getByText('Add to cart'));
    expect(
      await screen.findByText('“Misty Fjord at Dawn” (4K) is already in your cart.'),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });

  it('shows the prices again in yen after a currency switch', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    renderApp(PICTURE);
    const sizes = within(await screen.findByRole('radiogroup'));
    expect(sizes.getByText('€12.30')).toBeInTheDocument();

    await chooseOption(user, 'Currency', 'JPY');

    expect(await sizes.findByText('¥2,008')).toBeInTheDocument();
    expect(sizes.getByText('¥8,000')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup').textContent).not.toMatch(/¥[\d,]*\./);
  });

  it('answers an unknown picture with a friendly not-found page', async () => {
    serveCatalogue();
    renderApp('/gallery/picture/no-such-picture');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Picture not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no picture at “no-such-picture”/)).toBeInTheDocument();
    expect(screen.getByText('Browse the gallery')).toHaveAttribute('href', '/gallery');
  });

  it('says when the picture could not be loaded, and shows it on "Try again"', async () => {
    const user = userEvent.setup();
    serveCatalogue();
    let failing = true;
    server.use(
      http.get(apiUrl('/api/offers/get-one'), () =>
        failing ? HttpResponse.json({}, { status: 500 }) : undefined,
      ),
    );
    renderApp(PICTURE);

    expect(await screen.findByText('An unexpected server error occurred.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Picture' })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Misty Fjord at Dawn' }),
    ).toBeInTheDocument();
  });

  it('plays a slideshow of the category, steps through it and closes on Esc', async () => {
    const user = userEvent.setup();
    const { listRequests } = serveCatalogue();
    renderApp(PICTURE);
    await user.click(await screen.findByText('Slideshow'));

    const viewer = within(await screen.findByRole('dialog'));
    expect(await viewer.findByText('1 of 3')).toBeInTheDocument();
    expect(queryOf(listRequests.at(-1))).toMatchObject({ Category: 'landscapes', Currency: 'EUR' });
    expect(viewer.getByRole('heading', { name: 'Misty Fjord at Dawn' })).toBeInTheDocument();

    // The slideshow plays from the start; pausing and playing again restarts its (now fake) timer.
    // Under fake timers, events are fired directly: user-event waits on real timeouts.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(viewer.getByLabelText('Pause slideshow'));
    passTime(SLIDESHOW_INTERVAL_MS * 2);
    expect(viewer.getByText('1 of 3')).toBeInTheDocument();

    fireEvent.click(viewer.getByLabelText('Play slideshow'));
    passTime(SLIDESHOW_INTERVAL_MS - 1);
    expect(viewer.getByText('1 of 3')).toBeInTheDocument();
    passTime(1);
    expect(viewer.getByText('2 of 3')).toBeInTheDocument();
    expect(viewer.getByRole('heading', { name: 'Neon Alley' })).toBeInTheDocument();
    passTime(SLIDESHOW_INTERVAL_MS);
    expect(viewer.getByText('3 of 3')).toBeInTheDocument();

    fireEvent.click(viewer.getByLabelText('Next picture'));
    expect(viewer.getByText('1 of 3')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(viewer.getByText('3 of 3')).toBeInTheDocument();
    vi.useRealTimers();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
