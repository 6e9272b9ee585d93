import { adminApi } from '../../api/adminApi';
import type { StaffMember, StaffRole } from '../../api/types';

export interface InviteRequest {
  email: string;
  role: StaffRole;
}

export interface StaffChange {
  id: number;
  role?: StaffRole;
  suspended?: boolean;
}

/** The staff list and what an owner does to it; every change is also a line of the audit trail. */
export const staffApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<{ items: StaffMember[] }, undefined>({
      query: () => '/api/admin/staff',
      providesTags: ['Staff'],
    }),
    inviteStaff: build.mutation<{ staff: StaffMember; setupLink: string }, InviteRequest>({
      query: (body) => ({ url: '/api/admin/staff', method: 'POST', body }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    changeStaff: build.mutation<StaffMember, StaffChange>({
      query: ({ id, ...body }) => ({ url: `/api/admin/staff/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    newSetupLink: build.mutation<{ setupLink: string }, number>({
      query: (id) => ({ url: `/api/admin/staff/${id}/setup-link`, method: 'POST' }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
  }),
});

export const {
  useGetStaffQuery,
  useInviteStaffMutation,
  useChangeStaffMutation,
  useNewSetupLinkMutation,
} = staffApi;
