import { adminApi } from '../../api/adminApi';
import type { AuditPage } from '../../api/types';
import { listParams, type ListRequest } from '../../components/listAddress';

/** The filters of the audit trail, named as the API and the page's address name them. */
export const AUDIT_FILTERS = ['Actor', 'Action', 'From', 'To'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

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
  'order.refund',
  'order.refund_confirmed',
  'customer.lock',
  'customer.unlock',
  'customer.sign_out_everywhere',
  'customer.adjustment',
  'gift_card.issue',
  'gift_card.void',
  'export.orders',
  'export.ledger',
  'export.customers',
] as const;

/** One page of the audit trail, newest first; filters left empty are not sent. */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditPage, ListRequest<AuditFilter>>({
      query: (request) => ({ url: '/api/admin/audit', params: listParams(request) }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;
