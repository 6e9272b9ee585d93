import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

configure({
  // Checking every element's computed style for visibility makes role queries on whole pages take
  // seconds in jsdom; closed menus and dialogs are unmounted anyway.
  defaultHidden: true,
  // Pages are lazy chunks: the first visit of each imports and transforms its modules.
  asyncUtilTimeout: 10_000,
});

// MSW's 'error' only makes the fetch fail, which a page may well survive: a call the test did not
// answer has to fail the test itself.
const unhandledRequests: string[] = [];
// Only while a test runs: a page may still send what it started once its test has finished and
// its handlers are gone (a lazy chunk that arrived late), which is no fault of the next test.
let testRunning = false;

beforeAll(() => {
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (!testRunning) return;
      unhandledRequests.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
  // jsdom has no layout: scrolling is a no-op here, and the app scrolls on every page change.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
  // What the menus (Radix) ask of a browser and jsdom lacks: element sizes and pointer capture.
  window.ResizeObserver = class {
    observe = () => undefined;
    unobserve = () => undefined;
    disconnect = () => undefined;
  };
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => undefined;
});

beforeEach(() => {
  testRunning = true;
});

afterEach(() => {
  testRunning = false;
  const missed = unhandledRequests.splice(0);
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name !== undefined && name !== '') document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  if (missed.length > 0) throw new Error(`Requests no handler answered: ${missed.join(', ')}`);
});

afterAll(() => {
  server.close();
});
