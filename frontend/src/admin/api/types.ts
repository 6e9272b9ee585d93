import type { ListPage } from '@/types/page';

/** The roles of docs/back-office.md's table, as the API names them. */
export const STAFF_ROLES = ['owner', 'support', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  support: 'Support',
  catalogue: 'Catalogue',
};

/** A permission's `name_of` (core/include/artshop/core/staff/staff_role.hpp). */
export type StaffPermission =
  | 'view_orders'
  | 'refund_within_limit'
  | 'refund_beyond_limit'
  | 'view_customers'
  | 'lock_customers'
  | 'adjust_within_limit'
  | 'adjust_beyond_limit'
  | 'manage_gift_cards'
  | 'answer_tickets'
  | 'edit_catalogue'
  | 'view_dashboard'
  | 'export_data'
  | 'manage_staff'
  | 'view_audit';

/** The member signed in: STAFF_ME of the staff API. */
export interface StaffMe {
  id: number;
  email: string;
  role: StaffRole;
  permissions: StaffPermission[];
}

/** GET /api/admin/session. */
export interface SessionInfo {
  expiresAt: string;
  idleMinutes: number;
  staff: StaffMe;
}

/** What signing in and finishing set-up answer: SESSION. */
export interface StaffSession extends SessionInfo {
  token: string;
}

export type StaffStatus = 'invited' | 'active' | 'suspended';

/** A member in the staff list: STAFF. */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  createdAt: string;
  lastSignInAt: string | null;
}

/** GET /api/admin/setup/{token}. */
export interface SetupInfo {
  email: string;
  role: StaffRole;
  needsPassword: boolean;
  secret: string;
  otpauthUrl: string;
}

/** POST /api/admin/setup/{token}. */
export interface SetupResult {
  recoveryCodes: string[];
  session: StaffSession;
}

/** One record of the audit trail: AUDIT. */
export interface AuditRecord {
  id: number;
  at: string;
  actor: { id: number; email: string } | null;
  address: string;
  action: string;
  object: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type AuditPage = ListPage<AuditRecord>;
