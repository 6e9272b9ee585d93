import type { StaffPermission } from './api/types';

export const ADMIN_HOME_PATH = '/admin';
export const ADMIN_SIGN_IN_PATH = '/admin/sign-in';
export const ADMIN_STAFF_PATH = '/admin/staff';
export const ADMIN_AUDIT_PATH = '/admin/audit';

/** The sign-in page, coming back to `next` afterwards. */
export function signInPath(next?: string): string {
  return next === undefined
    ? ADMIN_SIGN_IN_PATH
    : `${ADMIN_SIGN_IN_PATH}?${new URLSearchParams({ next }).toString()}`;
}

/**
 * Where to go after signing in: `next` when it is a back-office page (never another site, nor the
 * sign-in or set-up pages), else the back office's home.
 */
export function destinationAfterSignIn(next: string | null): string {
  if (next === null || !/^\/admin(?:[/?#]|$)/.test(next)) return ADMIN_HOME_PATH;
  if (/^\/admin\/(?:sign-in|setup)(?:[/?#]|$)/.test(next)) return ADMIN_HOME_PATH;
  return next;
}

/** A screen of the back office, shown in its navigation and on its home to roles it permits. */
export interface AdminScreen {
  path: string;
  label: string;
  permission: StaffPermission;
  description: string;
}

/**
 * The screens that exist, in the navigation's order. Orders, customers, gift cards, tickets, the
 * catalogue and the dashboard join this list as their screens are built, not before: a link to
 * nothing would be a dead end.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: ADMIN_STAFF_PATH,
    label: 'Staff',
    permission: 'manage_staff',
    description: 'Invite people, change their roles, suspend them, send a new set-up link.',
  },
  {
    path: ADMIN_AUDIT_PATH,
    label: 'Audit trail',
    permission: 'view_audit',
    description: 'Who did what in the back office, when and from where.',
  },
];

/** The screens a member with these permissions may open. */
export function screensFor(permissions: readonly StaffPermission[]): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => permissions.includes(screen.permission));
}
