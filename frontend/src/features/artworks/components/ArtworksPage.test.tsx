import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REFRESH_PATH } from '@/lib/api/baseQuery';
import { renderApp, signIn } from '@/test/render';
import { watchSavedFiles } from '@/test/savedFiles';
import { apiUrl, server } from '@/test/server';
import { makeArtwork, serveArtworks } from '../testing/artworksServer';

const HD = makeArtwork({ id: 8, sizeName: 'HD', longEdge: 1920, width: 1920, height: 1080 });
const K4 = makeArtwork();
const NEON = makeArtwork({
  id: 10,
  offerId: 2,
  urlName: 'neon-alley',
  title: 'Neon Alley',
  sizeName: '8K',
  longEdge: 7680,
  width: 4320,
  height: 7680,
  licence: 'Commercial',
});

function openArtworks() {
  signIn();
  renderApp('/artworks');
  return userEvent.setup({ delay: null });
}

describe('artworks', () => {
  it('lists each owned picture once, with every bought size', async () => {
    serveArtworks([NEON, K4, HD]);
    openArtworks();

    const fjord = within(await screen.findByRole('article', { name: 'Misty Fjord at Dawn' }));
    expect(fjord.getByRole('link', { name: 'Misty Fjord at Dawn' })).toHaveAttribute(
      'href',
      '/gallery/picture/misty-fjord-at-dawn',
    );
    expect(fjord.getByText('1,920 × 1,080 px, personal licence')).toBeInTheDocument();
    expect(fjord.getByText('3,840 × 2,160 px, personal licence')).toBeInTheDocument();
    expect(fjord.getByLabelText('Download “Misty Fjord at Dawn” in HD')).toBeInTheDocument();
    expect(fjord.getByLabelText('Download “Misty Fjord at Dawn” in 4K')).toBeInTheDocument();
    const neon = within(screen.getByRole('article', { name: 'Neon Alley' }));
    expect(neon.getByText('4,320 × 7,680 px, commercial licence')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => article.textContent)).toEqual([
      expect.stringContaining('Neon Alley'),
      expect.stringContaining('Misty Fjord at Dawn'),
    ]);
  });

  it('says when nothing has been bought yet', async () => {
    serveArtworks([]);
    openArtworks();
    expect(await screen.findByText('You do not own any artworks yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the gallery' })).toHaveAttribute(
      'href',
      '/gallery',
    );
  });

  it('downloads a size with the bearer token and saves it under the server’s file name', async () => {
    const saved = watchSavedFiles();
    serveArtworks([K4]);
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/api/artworks/9/download'), ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
          headers: {
            'Content-Type': 'image/jpeg',
            'Content-Disposition': 'attachment; filename="misty-fjord-at-dawn-4K.jpg"',
          },
        });
      }),
    );
    const user = openArtworks();

    await user.click(await screen.findByLabelText('Download “Misty Fjord at Dawn” in 4K'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('misty-fjord-at-dawn-4K.jpg');
    expect(saved[0]?.file.size).toBe(4);
    expect(authorizations).toEqual(['Bearer access-1']);
  });

  it('refreshes an expired session before downloading, like every other call', async () => {
    const saved = watchSavedFiles();
    serveArtworks([K4]);
    server.use(
      http.post(apiUrl(REFRESH_PATH), () =>
        HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' }),
      ),
      http.get(apiUrl('/api/artworks/9/download'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-2'
          ? new HttpResponse(new Uint8Array([0xff, 0xd8]), {
              headers: {
                'Content-Type': 'image/jpeg',
                'Content-Disposition': 'attachment; filename="misty-fjord-at-dawn-4K.jpg"',
              },
            })
          : HttpResponse.json({ title: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const user = openArtworks();

    await user.click(await screen.findByLabelText('Download “Misty Fjord at Dawn” in 4K'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('misty-fjord-at-dawn-4K.jpg');
  });

  it('reports a failed download in the snackbar', async () => {
    watchSavedFiles();
    serveArtworks([K4]);
    server.use(
      http.get(apiUrl('/api/artworks/9/download'), () =>
        HttpResponse.json({ title: 'Not found', status: 404 }, { status: 404 }),
      ),
    );
    const user = openArtworks();

    await user.click(await screen.findByLabelText('Download “Misty Fjord at Dawn” in 4K'));

    expect(await screen.findByRole('alert')).toHaveTextContent('An error has occurred.');
  });
});
