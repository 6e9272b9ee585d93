import { lazy, Suspense, useState, type ReactNode } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { Page } from '@/components/Page';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/fields';
import { apiRoot } from '@/config/env';
import { fileNameFromContentDisposition, saveFile } from '@/lib/browser/saveFile';
import { formatMoney } from '@/lib/money/money';
import type { Money } from '@/types/money';
import { useAdminSelector } from '../../api/hooks';
import { useStaffMe } from '../../api/sessionApi';
import { selectStaffToken } from '../../api/staffSession';
import { RoleGate } from '../../components/RoleGate';
import { ServerErrorAlert } from '../../components/ServerErrorAlert';
import {
  EXPORTS,
  useGetDashboardQuery,
  type Dashboard,
  type ExportKind,
  type PeriodFigures,
} from './dashboardApi';

// uPlot is this screen's alone: its chunk loads only here, never with the shop or other screens.
const DailyRevenueChart = lazy(() => import('./DailyRevenueChart'));

const PERIODS = [
  ['today', 'Today'],
  ['last7Days', 'Last 7 days'],
  ['last30Days', 'Last 30 days'],
] as const;

const FIGURES: readonly (readonly [string, (figures: PeriodFigures) => ReactNode])[] = [
  ['Pictures', (f) => formatMoney(f.revenue.pictures)],
  ['Gift cards', (f) => formatMoney(f.revenue.giftCards)],
  ['Generated images', (f) => formatMoney(f.revenue.generatedImages)],
  ['Revenue', (f) => formatMoney(f.revenue.total)],
  ['Refunds', (f) => formatMoney(f.refunds)],
  ['Revenue less refunds', (f) => formatMoney(f.net)],
  ['Deposits (held, not revenue)', (f) => formatMoney(f.deposits)],
  ['New customers', (f) => f.newCustomers],
  ['Tickets written', (f) => f.tickets],
];

/** The sales at a glance (view_dashboard), and the exports for those who may export. */
export default function DashboardPage() {
  return (
    <RoleGate permission="view_dashboard" title="Dashboard">
      <DashboardScreen />
    </RoleGate>
  );
}

function DashboardScreen() {
  const me = useStaffMe();
  const dashboard = useGetDashboardQuery(undefined);
  return (
    <Page title="Dashboard">
      {dashboard.isLoading && <DelayedProgress label="Loading the dashboard" />}
      {dashboard.error !== undefined && (
        <ServerErrorAlert error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {dashboard.data !== undefined && <Figures dashboard={dashboard.data} />}
      {me?.permissions.includes('export_data') === true && <Exports />}
    </Page>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { ordersByStatus, openTickets } = dashboard;
  return (
    <>
      <section aria-labelledby="dashboard-sales" className="mb-3">
        <h2 id="dashboard-sales" className="type-h6">
          Sales, UTC days to {dashboard.today}
        </h2>
        <div className="card admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                {PERIODS.map(([key, label]) => (
                  <th key={key} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FIGURES.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {PERIODS.map(([key]) => (
                    <td key={key}>{value(dashboard.periods[key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="dashboard-orders" className="mb-3">
        <h2 id="dashboard-orders" className="type-h6">
          Orders and tickets
        </h2>
        <ul className="plain-list">
          {(['Paid', 'Pending', 'Failed', 'Expired'] as const).map((status) => (
            <li key={status}>
              {status}: {ordersByStatus[status]}
            </li>
          ))}
          <li>
            Open tickets: {openTickets.count}
            {openTickets.oldestAgeSeconds !== null &&
              `, the oldest ${ticketAge(openTickets.oldestAgeSeconds)} old`}
          </li>
        </ul>
      </section>
      <DailyRevenue daily={dashboard.daily} />
    </>
  );
}

/** "3 days", "5 hours", "12 minutes". */
function ticketAge(seconds: number): string {
  const [amount, unit] =
    seconds >= 86400
      ? [Math.floor(seconds / 86400), 'day']
      : seconds >= 3600
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** The chart, and in words what it shows: a summary, and every day in a table to open. */
function DailyRevenue({ daily }: { daily: Dashboard['daily'] }) {
  const best = daily.reduce((top, day) => (day.net.minorUnits > top.net.minorUnits ? day : top));
  const total = daily.reduce((sum, day) => sum + BigInt(day.net.minorUnits), 0n);
  const sum: Money = {
    amount: (Number(total) / 100).toFixed(2),
    currency: 'EUR',
    minorUnits: Number(total),
  };
  return (
    <section aria-labelledby="dashboard-daily" className="mb-3">
      <h2 id="dashboard-daily" className="type-h6">
        Revenue less refunds, last 90 days
      </h2>
      <p id="dashboard-daily-summary">
        {formatMoney(sum)} over 90 days from {daily[0]?.date} to {daily.at(-1)?.date}; the best day{' '}
        {best.date}, {formatMoney(best.net)}.
      </p>
      <Suspense fallback={<DelayedProgress label="Loading the chart" />}>
        <DailyRevenueChart daily={daily} />
      </Suspense>
      <details>
        <summary>Every day as a table</summary>
        <table className="admin-table">
          <caption className="visually-hidden">Revenue less refunds per UTC day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Revenue less refunds</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{formatMoney(day.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/** The messages of a refused export: the server's problem document, or its status. */
async function refusalOf(response: Response): Promise<string[]> {
  try {
    const problem = (await response.json()) as { errors?: Record<string, string[]> };
    const messages = Object.values(problem.errors ?? {}).flat();
    if (messages.length > 0) return messages;
  } catch {
    // Not a problem document: say what happened.
  }
  return [`The export failed (${response.status}).`];
}

/** The CSV exports: a range of days for orders and ledger entries, every customer. */
function Exports() {
  const token = useAdminSelector(selectStaffToken);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const download = async (kind: ExportKind, dated: boolean) => {
    setBusy(kind);
    setProblems([]);
    try {
      const params = new URLSearchParams();
      if (dated && from !== '') params.set('From', from);
      if (dated && to !== '') params.set('To', to);
      const query = params.size === 0 ? '' : `?${params.toString()}`;
      const response = await fetch(`${apiRoot()}/api/admin/exports/${kind}.csv${query}`, {
        headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      });
      if (!response.ok) {
        setProblems(await refusalOf(response));
        return;
      }
      // Saved as the server named it.
      const name = fileNameFromContentDisposition(response.headers.get('Content-Disposition'));
      saveFile(await response.blob(), name ?? `${kind}.csv`);
    } catch {
      setProblems(['The export could not be downloaded. Check the connection and try again.']);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="dashboard-exports">
      <h2 id="dashboard-exports" className="type-h6">
        Exports
      </h2>
      <p className="text-secondary">
        CSV files for accounting. Orders and ledger entries of the days chosen (UTC, both included;
        none: everything); customers all.
      </p>
      <div className="admin-filters">
        {(
          [
            ['From', 'First day, UTC', from, setFrom],
            ['To', 'Last day, UTC', to, setTo],
          ] as const
        ).map(([label, helperText, value, set]) => (
          <TextField
            key={label}
            label={label}
            type="date"
            helperText={helperText}
            value={value}
            onChange={(event) => set(event.target.value)}
          />
        ))}
      </div>
      {problems.length > 0 && (
        <Alert severity="error" className="mb-2">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </Alert>
      )}
      <ul className="plain-list admin-exports">
        {EXPORTS.map(({ kind, label, dated }) => (
          <li key={kind}>
            <Button
              variant="outlined"
              loading={busy === kind}
              disabled={busy !== null && busy !== kind}
              onClick={() => void download(kind, dated)}
            >
              Download {label.toLowerCase()} (CSV)
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
