import { http, HttpResponse, type JsonBodyType } from 'msw';
import { apiUrl, server } from './server';

export interface RecordedRequest {
  body: unknown;
  idempotencyKey: string | null;
}

type Answer = Response | HttpResponse<JsonBodyType>;

/**
 * Answers POSTs to `path` with `answer` (told how many came before) and records each request's
 * JSON body and Idempotency-Key header.
 */
export function recordPosts(
  path: string,
  answer: (previousCalls: number) => Answer | Promise<Answer>,
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.use(
    http.post(apiUrl(path), async ({ request }) => {
      const previousCalls = requests.length;
      requests.push({
        body: await request.json(),
        idempotencyKey: request.headers.get('Idempotency-Key'),
      });
      return answer(previousCalls);
    }),
  );
  return requests;
}

/** A promise to hold an answer with until the test calls `release`. */
export function gate() {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release: () => release() };
}

/** What a payment request says about this browser (jsdom's), for the provider's fraud checks. */
export function thisBrowser() {
  return {
    javascriptEnabled: true,
    acceptLanguage: navigator.languages.join(','),
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    timeZoneOffset: new Date().getTimezoneOffset(),
    userAgent: navigator.userAgent,
  };
}
