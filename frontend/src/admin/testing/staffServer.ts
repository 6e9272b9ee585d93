import { http, HttpResponse, type JsonBodyType } from 'msw';
import { apiUrl, server } from '@/test/server';
import type {
  AuditRecord,
  SessionInfo,
  StaffMe,
  StaffMember,
  StaffPermission,
  StaffSession,
} from '../api/types';

/** docs/back-office.md's table, role by role, in its order (what STAFF_ME's permissions list). */
const OWNER_PERMISSIONS: StaffPermission[] = [
  'view_orders',
  'refund_within_limit',
  'refund_beyond_limit',
  'view_customers',
  'lock_customers',
  'adjust_within_limit',
  'adjust_beyond_limit',
  'manage_gift_cards',
  'answer_tickets',
  'edit_catalogue',
  'view_dashboard',
  'export_data',
  'manage_staff',
  'view_audit',
];
const SUPPORT_PERMISSIONS: StaffPermission[] = [
  'view_orders',
  'refund_within_limit',
  'view_customers',
  'lock_customers',
  'adjust_within_limit',
  'manage_gift_cards',
  'answer_tickets',
];

export const OWNER: StaffMe = {
  id: 1,
  email: 'ann@example.com',
  role: 'owner',
  permissions: OWNER_PERMISSIONS,
};
export const SUPPORT: StaffMe = {
  id: 2,
  email: 'sam@example.com',
  role: 'support',
  permissions: SUPPORT_PERMISSIONS,
};
export const CATALOGUE: StaffMe = {
  id: 3,
  email: 'cat@example.com',
  role: 'catalogue',
  permissions: ['edit_catalogue'],
};

export const STAFF_TOKEN = 'stf_Zk3v9QeXb1cYt2uWm8nR4pLs7aHd0gJf6iKo5yTq_-A';

export function sessionInfo(staff: StaffMe): SessionInfo {
  return { expiresAt: '2026-11-27T21:30:00Z', idleMinutes: 30, staff };
}

export function staffSession(staff: StaffMe, token = STAFF_TOKEN): StaffSession {
  return { token, ...sessionInfo(staff) };
}

/** A member as GET /api/admin/staff lists them. */
export function member(overrides: Partial<StaffMember> & Pick<StaffMember, 'id' | 'email'>) {
  return {
    role: 'support',
    status: 'active',
    createdAt: '2026-11-20T08:00:00Z',
    lastSignInAt: '2026-11-26T16:45:00Z',
    ...overrides,
  } satisfies StaffMember;
}

/** A record of the audit trail. */
export function auditRecord(overrides: Partial<AuditRecord> & Pick<AuditRecord, 'id'>) {
  return {
    at: '2026-11-27T09:30:00Z',
    actor: { id: 1, email: 'ann@example.com' },
    address: '203.0.113.9',
    action: 'staff.role_change',
    object: 'staff:4',
    before: { role: 'support' },
    after: { role: 'catalogue' },
    ...overrides,
  } satisfies AuditRecord;
}

/** DESIGN.md section 2's error answer. */
export function refusal(status: number, errors: Record<string, string[]>) {
  const title = status === 400 ? 'Validation failed' : status === 404 ? 'Not Found' : 'Forbidden';
  return HttpResponse.json({ title, status, errors }, { status });
}

/** One page of a list, as every list of the back office answers it. */
export function listPage(items: unknown[], total = items.length, page = 1) {
  return HttpResponse.json({ items, total, page, pageSize: 50 });
}

export const signInRequired = () => refusal(403, { '': ['Sign in to the back office.'] });
export const roleRefused = () => refusal(403, { '': ['Your role does not allow this.'] });

/** Puts a staff session into browser storage the way a sign-in leaves it. */
export function signInStaff(token = STAFF_TOKEN): void {
  window.sessionStorage.setItem('staff-session', token);
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  /** The Idempotency-Key header of a money action. */
  idempotencyKey: string | null;
}

type Answer = Response | HttpResponse<JsonBodyType>;
type Method = 'get' | 'post' | 'patch' | 'delete';

/**
 * Answers `method path` with `answer` (told how many came before) and records every call: its
 * path, query, JSON body and Authorization header.
 */
export function answer(
  method: Method,
  path: string,
  respond: (previousCalls: number) => Answer | Promise<Answer>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const previousCalls = calls.length;
      calls.push({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
        authorization: request.headers.get('Authorization'),
        idempotencyKey: request.headers.get('Idempotency-Key'),
      });
      return respond(previousCalls);
    }),
  );
  return calls;
}

/**
 * GET /api/admin/session as the server answers it: the member for their token, the refusal of
 * the back office for anything else.
 */
export function serveStaffSession(staff: StaffMe, token = STAFF_TOKEN): RecordedCall[] {
  return authorizedOnly('get', '/api/admin/session', token, () =>
    HttpResponse.json(sessionInfo(staff)),
  );
}

/** Answers only calls that carry `token`; the others get "Sign in to the back office.". */
export function authorizedOnly(
  method: Method,
  path: string,
  token: string,
  respond: (previousCalls: number) => Answer | Promise<Answer>,
): RecordedCall[] {
  const calls = answer(method, path, (previousCalls) =>
    calls[previousCalls]?.authorization === `Bearer ${token}`
      ? respond(previousCalls)
      : signInRequired(),
  );
  return calls;
}

/** A signed-in member whose back office has loaded: their token stored and their session served. */
export function staffSignedIn(staff: StaffMe = OWNER): RecordedCall[] {
  signInStaff();
  return serveStaffSession(staff);
}
