import { http, HttpResponse } from 'msw';
import { money } from '@/test/money';
import { apiUrl, server } from '@/test/server';
import type { GeneratedImage, GenerationAllowance } from '../types';

/** The eight bytes every PNG file starts with; enough of a file for the page. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** "PK\3\4", the start of a ZIP file. */
export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export function makeAllowance(overrides: Partial<GenerationAllowance> = {}): GenerationAllowance {
  return {
    freePerDay: 3,
    freeRemaining: 2,
    pricePerImage: money(20),
    resetsAt: '2026-11-25T00:00:00Z',
    ...overrides,
  };
}

export function makeGeneratedImage(overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  const id = overrides.id ?? 7;
  return {
    id,
    prompt: 'A lighthouse at dusk',
    style: 'Watercolor',
    aspectRatio: '16x9',
    seed: 42,
    width: 1024,
    height: 576,
    createdAt: '2026-11-24T10:00:00Z',
    price: money(0),
    url: `/api/generated-images/${id}/file`,
    fileName: `a-lighthouse-at-dusk-Watercolor-${id}.png`,
    ...overrides,
  };
}

/** Answers the allowance with each in turn (staying at the last); answers how often it was asked. */
export function serveAllowance(...allowances: GenerationAllowance[]) {
  const calls = { count: 0 };
  server.use(
    http.get(apiUrl('/api/generated-images/allowance'), () => {
      const allowance = allowances[Math.min(calls.count, allowances.length - 1)];
      calls.count += 1;
      return HttpResponse.json(allowance);
    }),
  );
  return calls;
}

/**
 * Serves the history from `images` (newest first), a page as asked, and answers the pages asked
 * for. `images` may be changed by the test: each call reads it afresh.
 */
export function serveHistory(images: GeneratedImage[]) {
  const pagesAsked: { page: number; pageSize: number }[] = [];
  server.use(
    http.get(apiUrl('/api/generated-images'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('Page'));
      const pageSize = Number(query.get('PageSize'));
      pagesAsked.push({ page, pageSize });
      const items = images.slice((page - 1) * pageSize, page * pageSize);
      return HttpResponse.json({ items, total: images.length, page, pageSize });
    }),
  );
  return pagesAsked;
}

/** Serves every image file as a PNG and records the Authorization header of each request by id. */
export function serveImageFiles() {
  const requests: { id: string; authorization: string | null }[] = [];
  server.use(
    http.get(apiUrl('/api/generated-images/:id/file'), ({ params, request }) => {
      const id = String(params.id);
      requests.push({ id, authorization: request.headers.get('Authorization') });
      return new HttpResponse(new Uint8Array(PNG_SIGNATURE), {
        headers: {
          'Content-Type': 'image/png',
          'Content-Disposition': `attachment; filename="image-${id}.png"`,
        },
      });
    }),
  );
  return requests;
}

interface FileAnswer {
  status?: 200 | 206;
  fileName: string;
  requested: number;
  returned: number;
  seed?: number;
}

/** A generation's answer as the server sends it: one PNG, or a ZIP when the name says so. */
export function generatedFile({
  status = 200,
  fileName,
  requested,
  returned,
  seed = 7,
}: FileAnswer) {
  const isZip = fileName.endsWith('.zip');
  return new HttpResponse(new Uint8Array(isZip ? ZIP_SIGNATURE : PNG_SIGNATURE), {
    status,
    headers: {
      'Content-Type': isZip ? 'application/zip' : 'image/png',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Images-Requested': String(requested),
      'X-Images-Returned': String(returned),
      'X-Generation-Seed': String(seed),
    },
  });
}
