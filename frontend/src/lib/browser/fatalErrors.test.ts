import { afterEach, describe, expect, it, vi } from 'vitest';
import { fatalErrorHandled, watchForFatalErrors } from './fatalErrors';
import * as fatalErrors from './fatalErrors';

const API_ERROR = {
  status: 500,
  message: 'An unexpected server error occurred.',
  fieldErrors: {},
  generalMessages: [],
};

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

function scriptError(error: unknown, filename = `${window.location.origin}/assets/index.js`) {
  return new ErrorEvent('error', { error, filename, message: String(error) });
}

/** Whether an event on the window made a fatal error the app goes to /error for. */
function reportedAfter(event: Event): boolean {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const stop = watchForFatalErrors(window);
  window.dispatchEvent(event);
  stop();
  const reported = logged.mock.calls.some(([text]) => text === 'Fatal application error');
  logged.mockRestore();
  return reported;
}

afterEach(() => fatalErrorHandled());

describe('errors thrown outside rendering', () => {
  it('are fatal when a handler or a promise of the shop throws', () => {
    expect(reportedAfter(scriptError(new TypeError('x is undefined')))).toBe(true);
    expect(reportedAfter(rejection(new Error('Nobody caught this')))).toBe(true);
  });

  it('are not fatal for an API error, a cancelled request, another origin or a browser notice', () => {
    expect(reportedAfter(rejection(API_ERROR))).toBe(false);
    expect(reportedAfter(rejection(new DOMException('Aborted', 'AbortError')))).toBe(false);
    expect(
      reportedAfter(scriptError(new Error('extension'), 'chrome-extension://abc/content.js')),
    ).toBe(false);
    // "ResizeObserver loop completed with undelivered notifications" carries no error object.
    expect(reportedAfter(scriptError(null))).toBe(false);
    // A failed <img> arrives as a plain event.
    expect(reportedAfter(new Event('error'))).toBe(false);
  });

  it('are no longer listened for once the watch stops', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    watchForFatalErrors(window)();
    window.dispatchEvent(rejection(new Error('late')));
    expect(logged).not.toHaveBeenCalled();
    expect(fatalErrors.isFatal(new Error('late'))).toBe(true);
  });
});
