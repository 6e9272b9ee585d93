import { setupServer } from 'msw/node';

/** The one MSW server of the test run; tests add the answers they need with `server.use`. */
export const server = setupServer();

/** Absolute URL of an API path as the app calls it (same origin as the page). */
export function apiUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
