/**
 * Where the REST API lives. Empty means the same origin that served the page (the C++ server
 * serves both). The origin is spelled out because fetch in tests (Node) rejects relative URLs.
 */
export function apiRoot(): string {
  const configured = import.meta.env.VITE_API_ROOT ?? '';
  return configured === '' ? window.location.origin : configured.replace(/\/+$/, '');
}

/** The id of the build this bundle came from (see vite.config.ts). */
export const BUILD_ID: string = __BUILD_ID__;
