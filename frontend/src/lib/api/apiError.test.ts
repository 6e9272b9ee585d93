import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupStore } from '@/app/store';
import { probeApi } from '@/test/probeApi';
import { apiUrl, server } from '@/test/server';
import { toFormErrors } from './formErrors';

/** Submits the probe form against a server that answers with the given status and body. */
async function submitAnsweredWith(status: number, body: JsonBodyType = {}) {
  server.use(http.post(apiUrl('/api/probe'), () => HttpResponse.json(body, { status })));
  const result = await setupStore().dispatch(
    probeApi.endpoints.submitProbe.initiate({ value: 'x' }),
  );
  if (!('error' in result)) throw new Error(`expected status ${status} to fail`);
  return result.error;
}

describe('error messages (SPEC.md section 8)', () => {
  it("reports a 400 with a field map as 'Validation failed' with its field errors", async () => {
    const error = await submitAnsweredWith(400, {
      title: 'Validation failed',
      status: 400,
      errors: { email: ['Enter a valid e-mail address.'], password: ['Too short.', 'Too common.'] },
    });
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      fieldErrors: {
        email: ['Enter a valid e-mail address.'],
        password: ['Too short.', 'Too common.'],
      },
      generalMessages: [],
    });
    expect(toFormErrors(error)).toEqual({
      generalMessages: [],
      fieldErrors: {
        email: ['Enter a valid e-mail address.'],
        password: ['Too short.', 'Too common.'],
      },
    });
  });

  it('turns the empty key of a validation answer into a general message', async () => {
    const error = await submitAnsweredWith(400, {
      errors: { '': ['E-mail or password is incorrect.'] },
    });
    expect(toFormErrors(error)).toEqual({
      generalMessages: ['E-mail or password is incorrect.'],
      fieldErrors: {},
    });
  });

  it("reports any other failing status as 'An unexpected server error occurred.'", async () => {
    const error = await submitAnsweredWith(500, { title: 'Internal' });
    expect(error).toMatchObject({
      status: 500,
      message: 'An unexpected server error occurred.',
    });
  });

  it("shows 'Too many requests.' for a 429 without field errors", async () => {
    const error = await submitAnsweredWith(429, { title: 'Too Many Requests' });
    expect(error).toMatchObject({ message: 'An unexpected server error occurred.' });
    expect(toFormErrors(error)).toEqual({
      generalMessages: ['Too many requests.'],
      fieldErrors: {},
    });
  });

  it.each([400, 404, 500])(
    "shows 'An error has occurred.' for a %i without field errors",
    async (status) => {
      const error = await submitAnsweredWith(status, { title: 'Something' });
      expect(toFormErrors(error)).toEqual({
        generalMessages: ['An error has occurred.'],
        fieldErrors: {},
      });
    },
  );

  it("shows 'An error has occurred.' when the server cannot be reached", async () => {
    server.use(http.post(apiUrl('/api/probe'), () => HttpResponse.error()));
    const result = await setupStore().dispatch(
      probeApi.endpoints.submitProbe.initiate({ value: 'x' }),
    );
    expect('error' in result && result.error).toMatchObject({
      status: 'FETCH_ERROR',
      message: 'An unexpected server error occurred.',
    });
    expect(toFormErrors('error' in result ? result.error : undefined).generalMessages).toEqual([
      'An error has occurred.',
    ]);
  });
});
