import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import type { Artwork } from '../types';

export function makeArtwork(overrides: Partial<Artwork> = {}): Artwork {
  const id = overrides.id ?? 9;
  const urlName = overrides.urlName ?? 'misty-fjord-at-dawn';
  return {
    id,
    orderId: 17,
    offerId: 1,
    urlName,
    title: 'Misty Fjord at Dawn',
    sizeName: '4K',
    longEdge: 3840,
    width: 3840,
    height: 2160,
    licence: 'Personal',
    acquiredAt: '2026-11-22T10:01:00Z',
    thumbnail: {
      webp: `/media/thumbnails/${urlName}.webp`,
      jpeg: `/media/thumbnails/${urlName}.jpg`,
    },
    downloadUrl: `/api/artworks/${id}/download`,
    ...overrides,
  };
}

export function serveArtworks(artworks: Artwork[]) {
  server.use(http.get(apiUrl('/api/artworks'), () => HttpResponse.json(artworks)));
}
