import { adminApi } from '../../api/adminApi';
import type { AuditPage } from '../../api/types';

/** Records per page of the audit trail (the server allows 1 to 100). */
export const AUDIT_PAGE_SIZE = 50;

/** The filters of the audit trail, named as the API and the page's address name them. */
export const AUDIT_FILTERS = ['Actor', 'Action', 'From', 'To'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Record<AuditFilter, string>;

export interface AuditRequest extends AuditFilters {
  page: number;
}

/** The actions the audit trail records so far, for the Action filter. */
export const AUDIT_ACTIONS = [
  'staff.add',
  'staff.invite',
  'staff.setup',
  'staff.sign_in',
  'staff.sign_in_failed',
  'staff.second_factor_replayed',
  'staff.sign_out',
  'staff.role_change',
  'staff.suspend',
  'staff.unsuspend',
  'staff.setup_link',
] as const;

/** One page of the audit trail, newest first; filters left empty are not sent. */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditPage, AuditRequest>({
      query: ({ page, ...filters }) => ({
        url: '/api/admin/audit',
        params: {
          Page: page,
          PageSize: AUDIT_PAGE_SIZE,
          ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
        },
      }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;
