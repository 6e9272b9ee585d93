import { NOT_LOGGED_IN_PATH } from '@/app/paths';

/** What other pages hand the log-in page through the history state. */
export interface LoginPageState {
  /** The address to return to after logging in. */
  from?: string;
  /** A message to show above the form (after signing up or resetting the password). */
  notice?: string;
  /** Fills in the e-mail field. */
  email?: string;
}

/** Pages a signed-in customer may not open: returning to them after logging in would be a 404. */
const VISITOR_ONLY_PATHS = [
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  NOT_LOGGED_IN_PATH,
];

/** Reads the history state defensively: it survives reloads and may come from an older build. */
export function readLoginPageState(state: unknown): LoginPageState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const text = (key: keyof LoginPageState) =>
    typeof record[key] === 'string' ? record[key] : undefined;
  return { from: text('from'), notice: text('notice'), email: text('email') };
}

/** Where a successful log-in leads: back to where the visitor came from, else home. */
export function destinationAfterLogin(from: string | undefined): string {
  // Only addresses within the shop ("//host" would leave it).
  if (from === undefined || !from.startsWith('/') || from.startsWith('//')) return '/';
  const pathname = (from.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return VISITOR_ONLY_PATHS.includes(pathname) ? '/' : from;
}
