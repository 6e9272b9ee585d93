import { http, HttpResponse } from 'msw';
import type { Money } from '@/types/money';
import { apiUrl, server } from '@/test/server';

/**
 * Answers POST /api/balance with each balance in turn (staying at the last) and records the
 * currency each call asked for.
 */
export function serveBalance(...balances: Money[]) {
  const currencies: unknown[] = [];
  server.use(
    http.post(apiUrl('/api/balance'), async ({ request }) => {
      const body = (await request.json()) as { currency?: unknown };
      const balance = balances[Math.min(currencies.length, balances.length - 1)];
      currencies.push(body.currency);
      return HttpResponse.json({ balance });
    }),
  );
  return currencies;
}
