import type { Money } from '@/types/money';
import { adminApi } from '../../api/adminApi';

/** The money and counts of one period (docs/back-office.md, "Dashboard"). */
export interface PeriodFigures {
  revenue: { pictures: Money; giftCards: Money; generatedImages: Money; total: Money };
  refunds: Money;
  net: Money;
  /** Money customers deposited: held for them, not revenue. */
  deposits: Money;
  newCustomers: number;
  tickets: number;
}

export interface Dashboard {
  /** The UTC day the figures end with, "2026-11-27". */
  today: string;
  periods: { today: PeriodFigures; last7Days: PeriodFigures; last30Days: PeriodFigures };
  ordersByStatus: Record<'Pending' | 'Paid' | 'Failed' | 'Expired', number>;
  openTickets: { count: number; oldestAt: string | null; oldestAgeSeconds: number | null };
  /** 90 days of revenue less refunds, the oldest first. */
  daily: { date: string; net: Money }[];
}

export const dashboardApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, undefined>({
      query: () => '/api/admin/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;

/** The exports, by the name of their file on the server. */
export const EXPORTS = [
  { kind: 'orders', label: 'Orders', dated: true },
  { kind: 'ledger', label: 'Ledger entries', dated: true },
  { kind: 'customers', label: 'Customers', dated: false },
] as const;
export type ExportKind = (typeof EXPORTS)[number]['kind'];
