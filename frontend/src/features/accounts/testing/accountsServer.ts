import { http, HttpResponse, type JsonBodyType } from 'msw';
import { apiUrl, server } from '@/test/server';
import type { Profile } from '../api/types';

/** A customer as GET /api/Accounts/profile answers. */
export const PROFILE: Profile = {
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  billing: {
    country: 'DE',
    state: '',
    city: 'Berlin',
    address1: 'Torstraße 1',
    zipCode: '10119',
  },
};

/** A 400 answer with a field map, as the server sends it (DESIGN.md section 2). */
export function validationFailed(errors: Record<string, string[]>) {
  return HttpResponse.json({ title: 'Validation failed', status: 400, errors }, { status: 400 });
}

type Answer = Response | HttpResponse<JsonBodyType>;

/** Answers POSTs to `path` with `answer` and records their JSON bodies. */
export function answerPost(path: string, answer: () => Answer | Promise<Answer>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl(path), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/**
 * Like answerPost, but holds the answer until `release` is called, to look at the waiting form
 * (the loading flags of SPEC.md section 4).
 */
export function holdPost(path: string, answer: () => Answer) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const bodies = answerPost(path, () => released.then(answer));
  return { bodies, release: () => release() };
}

/** Serves the profile and records the Authorization header of each request. */
export function serveProfile(profile: Profile = PROFILE) {
  const authorizations: (string | null)[] = [];
  server.use(
    http.get(apiUrl('/api/Accounts/profile'), ({ request }) => {
      authorizations.push(request.headers.get('Authorization'));
      return HttpResponse.json(profile);
    }),
  );
  return authorizations;
}

/** Records whether 'Page Not Found' was ever rendered, even for a moment. */
export function watchForNotFound() {
  const seen: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        const text = node.textContent ?? '';
        if (text.includes('Page Not Found')) seen.push(text);
      }
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return {
    seen,
    stop: () => observer.disconnect(),
  };
}

export interface LogoutCall {
  authorization: string | null;
  body: unknown;
}

/** Answers POST /api/Accounts/logout with `status` and records each call. */
export function serveLogout(status: number): LogoutCall[] {
  const calls: LogoutCall[] = [];
  server.use(
    http.post(apiUrl('/api/Accounts/logout'), async ({ request }) => {
      calls.push({
        authorization: request.headers.get('Authorization'),
        body: await request.json(),
      });
      return status === 204
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ title: 'An unexpected server error occurred.' }, { status });
    }),
  );
  return calls;
}
