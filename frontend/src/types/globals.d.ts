/** Replaced at build time by Vite's `define` (vite.config.ts). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Absolute URL of the API root; unset means the page's own origin. */
  readonly VITE_API_ROOT?: string;
}
