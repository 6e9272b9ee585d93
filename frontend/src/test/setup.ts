import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

configure({
  // Checking every element's computed style for visibility makes role queries on MUI pages take
  // seconds in jsdom; closed menus and dialogs are unmounted anyway.
  defaultHidden: true,
  // Pages are lazy chunks: the first visit of each imports and transforms its modules.
  asyncUtilTimeout: 10_000,
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no layout: scrolling is a no-op here, and the app scrolls on every page change.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(() => {
  server.close();
});
