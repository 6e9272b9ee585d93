import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupStore } from '@/app/store';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { probeApi } from '@/test/probeApi';
import { renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { ERROR_MESSAGES, type ApiError } from './apiError';
import { REFRESH_PATH } from './baseQuery';

const fetchProbe = (store: ReturnType<typeof setupStore>, name = 'a') =>
  store.dispatch(probeApi.endpoints.probe.initiate(name));

/** Answers the refresh call with fresh tokens and counts how often it was asked. */
function refreshSucceeds(tokens = { accessToken: 'access-2', refreshToken: 'refresh-2' }) {
  const calls: unknown[] = [];
  server.use(
    http.post(apiUrl(REFRESH_PATH), async ({ request }) => {
      calls.push(await request.json());
      // Slow enough that the parallel calls all fail before the refresh answers.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return HttpResponse.json(tokens);
    }),
  );
  return calls;
}

/** The probe accepts only `validToken`; every request's Authorization header is recorded. */
function probeAccepts(validToken: string, status: 401 | 403 = 401) {
  const authorizations: (string | null)[] = [];
  server.use(
    http.get(apiUrl('/api/probe/:name'), ({ request, params }) => {
      const authorization = request.headers.get('Authorization');
      authorizations.push(authorization);
      return authorization === `Bearer ${validToken}`
        ? HttpResponse.json({ name: params.name })
        : HttpResponse.json({ title: 'Unauthorized' }, { status });
    }),
  );
  return authorizations;
}

describe('base query: what every call carries', () => {
  it('sends the access token as a bearer token', async () => {
    signIn('access-1');
    const authorizations = probeAccepts('access-1');
    const result = await fetchProbe(setupStore());
    expect(result.data).toEqual({ name: 'a' });
    expect(authorizations).toEqual(['Bearer access-1']);
  });

  it('sends no Authorization header when signed out', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(apiUrl('/api/probe/:name'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await fetchProbe(setupStore());
    expect(authorization).toBeNull();
  });

  it('sends calls with credentials (cookies) included', async () => {
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get(apiUrl('/api/probe/:name'), ({ request }) => {
        credentials = request.credentials;
        return HttpResponse.json({});
      }),
    );
    await fetchProbe(setupStore());
    expect(credentials).toBe('include');
  });

  it("never sends the back office's staff token to the shop's routes", async () => {
    window.sessionStorage.setItem('staff-session', 'stf_back-office');
    const authorizations = probeAccepts('access-1');
    await fetchProbe(setupStore());
    signIn('access-1');
    await fetchProbe(setupStore());
    expect(authorizations).toEqual([null, 'Bearer access-1']);
  });

  it('reads a token left in local storage by an older session', async () => {
    window.localStorage.setItem('jwtToken', 'legacy-token');
    const authorizations = probeAccepts('legacy-token');
    await fetchProbe(setupStore());
    expect(authorizations).toEqual(['Bearer legacy-token']);
  });
});

describe('base query: token refresh on 401 and 403', () => {
  it('refreshes once for three parallel calls refused with 401 and retries each with the new token', async () => {
    signIn('access-1', 'refresh-1');
    const refreshCalls = refreshSucceeds();
    const authorizations = probeAccepts('access-2');
    const store = setupStore();

    const results = await Promise.all(['a', 'b', 'c'].map((name) => fetchProbe(store, name)));

    expect(refreshCalls).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(results.map((result) => result.data)).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(authorizations.filter((value) => value === 'Bearer access-1')).toHaveLength(3);
    expect(authorizations.filter((value) => value === 'Bearer access-2')).toHaveLength(3);
    expect(window.sessionStorage.getItem('jwtToken')).toBe('access-2');
    expect(window.sessionStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('refreshes on 403 as well', async () => {
    signIn('access-1', 'refresh-1');
    const refreshCalls = refreshSucceeds();
    probeAccepts('access-2', 403);
    const result = await fetchProbe(setupStore());
    expect(refreshCalls).toHaveLength(1);
    expect(result.data).toEqual({ name: 'a' });
  });

  it('logs out and shows the not-logged-in page when the refresh fails', async () => {
    signIn('access-1', 'refresh-1');
    window.localStorage.setItem('jwtToken', 'stale-copy');
    probeAccepts('never-valid');
    let refreshCalls = 0;
    server.use(
      http.post(apiUrl(REFRESH_PATH), () => {
        refreshCalls += 1;
        return HttpResponse.json({ title: 'Unauthorized' }, { status: 401 });
      }),
    );
    serveCatalogue();
    const { store } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome to Artshop' });

    const results = await Promise.all(['a', 'b'].map((name) => fetchProbe(store, name)));

    expect(refreshCalls).toBe(1);
    for (const result of results) {
      expect(result.error).toMatchObject({ status: 401, message: 'You were logged out' });
    }
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You were logged out' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    for (const storage of [window.sessionStorage, window.localStorage]) {
      expect(storage.getItem('jwtToken')).toBeNull();
      expect(storage.getItem('refreshToken')).toBeNull();
    }
  });

  it("fails with 'refresh token is empty' without calling the server when there is no refresh token", async () => {
    window.sessionStorage.setItem('jwtToken', 'access-1');
    probeAccepts('never-valid');
    // No refresh handler: MSW fails the test if the refresh endpoint were called.
    const store = setupStore();
    const result = await fetchProbe(store);
    expect(result.error).toMatchObject({ status: 401, message: ERROR_MESSAGES.refreshTokenEmpty });
    expect(store.getState().session.accessToken).toBeNull();
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });
});

describe('base query: one retry of body-less calls', () => {
  const TRANSIENT = [408, 409, 425, 429, 500, 502, 503, 504];

  it.each(TRANSIENT)('retries a GET answered %i exactly once', async (status) => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/api/probe/:name'), () => {
        calls += 1;
        return HttpResponse.json({}, { status });
      }),
    );
    const result = await fetchProbe(setupStore());
    expect(calls).toBe(2);
    expect((result.error as ApiError).status).toBe(status);
  });

  it('answers the data of a retry that succeeds', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/api/probe/:name'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({}, { status: 503 })
          : HttpResponse.json({ recovered: true });
      }),
    );
    const result = await fetchProbe(setupStore());
    expect(result.data).toEqual({ recovered: true });
  });

  it('does not retry a GET answered 404', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/api/probe/:name'), () => {
        calls += 1;
        return HttpResponse.json({}, { status: 404 });
      }),
    );
    await fetchProbe(setupStore());
    expect(calls).toBe(1);
  });

  it('does not retry a POST with a body', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/api/probe'), () => {
        calls += 1;
        return HttpResponse.json({}, { status: 503 });
      }),
    );
    const result = await setupStore().dispatch(
      probeApi.endpoints.submitProbe.initiate({ value: 'x' }),
    );
    expect(calls).toBe(1);
    expect(result.error).toMatchObject({ status: 503 });
  });
});
