import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { money } from '@/test/money';
import { renderApp } from '@/test/render';
import { watchSavedFiles } from '@/test/savedFiles';
import { answer, OWNER, refusal, STAFF_TOKEN, staffSignedIn } from '../../testing/staffServer';
import type { Dashboard, PeriodFigures } from './dashboardApi';

// The canvas chart is uPlot's to draw (jsdom has no canvas); the page's words are under test.
vi.mock('./DailyRevenueChart', () => ({
  default: ({ daily }: { daily: Dashboard['daily'] }) => (
    <div data-testid="chart">{daily.length} days</div>
  ),
}));

function period(cents: { pictures: number; refunds: number }, customers: number): PeriodFigures {
  const total = cents.pictures + 2500 + 300;
  return {
    revenue: {
      pictures: money(cents.pictures),
      giftCards: money(2500),
      generatedImages: money(300),
      total: money(total),
    },
    refunds: money(cents.refunds),
    net: money(total - cents.refunds),
    deposits: money(10000),
    newCustomers: customers,
    tickets: 1,
  };
}

const DAYS = Array.from({ length: 90 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 7, 30) + i * 86_400_000).toISOString().slice(0, 10);
  return { date, net: money(i === 89 ? 4680 : i === 10 ? 9000 : 0) };
});

const DASHBOARD: Dashboard = {
  today: '2026-11-27',
  periods: {
    today: period({ pictures: 2000, refunds: 120 }, 2),
    last7Days: period({ pictures: 5000, refunds: 120 }, 5),
    last30Days: period({ pictures: 12000, refunds: 620 }, 11),
  },
  ordersByStatus: { Pending: 1, Paid: 7, Failed: 0, Expired: 2 },
  openTickets: { count: 3, oldestAt: '2026-11-24T08:00:00Z', oldestAgeSeconds: 3 * 86400 + 60 },
  daily: DAYS,
};

function openDashboard() {
  staffSignedIn(OWNER);
  const calls = answer('get', '/api/admin/dashboard', () => HttpResponse.json(DASHBOARD));
  renderApp('/admin/dashboard');
  return { calls, user: userEvent.setup({ delay: null }) };
}

describe('the dashboard', () => {
  it('shows each figure for today, 7 and 30 days, orders by status, open tickets and the chart in words', async () => {
    const { calls } = openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const row = async (name: string) =>
      within(await screen.findByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(await row('Pictures')).toEqual(['€20.00', '€50.00', '€120.00']);
    expect(await row('Revenue less refunds')).toEqual(['€46.80', '€76.80', '€141.80']);
    expect(await row('Deposits')).toEqual(['€100.00', '€100.00', '€100.00']);
    expect(await row('New customers')).toEqual(['2', '5', '11']);
    expect(screen.getByText('Paid: 7')).toBeInTheDocument();
    expect(screen.getByText('Open tickets: 3, the oldest 3 days old')).toBeInTheDocument();
    // The text alternative of the chart: a summary, and the 90 days as a table.
    expect(
      screen.getByText(
        '€136.80 over 90 days from 2026-08-30 to 2026-11-27; the best day 2026-09-09, €90.00.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('90 days');
    expect(screen.getByRole('row', { name: '2026-11-27 €46.80' })).toBeInTheDocument();
    expect(calls[0]?.authorization).toBe(`Bearer ${STAFF_TOKEN}`);
    await expectNoAxeViolations();
  });

  it('downloads the orders of a range of days with the staff token, as the server names the file', async () => {
    const { user } = openDashboard();
    const exports = answer(
      'get',
      '/api/admin/exports/orders.csv',
      () =>
        new HttpResponse('id,reference\r\n1,ord_1\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="orders-2026-11-01-to-2026-11-27.csv"',
          },
        }),
    );
    const saved = watchSavedFiles();
    const section = within(await screen.findByRole('region', { name: 'Exports' }));
    await fill(user, section.getByLabelText('From'), '2026-11-01');
    await fill(user, section.getByLabelText('To'), '2026-11-27');
    await user.click(section.getByRole('button', { name: 'Download orders (CSV)' }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(exports.map((call) => [call.query, call.authorization])).toEqual([
      [{ From: '2026-11-01', To: '2026-11-27' }, `Bearer ${STAFF_TOKEN}`],
    ]);
    const [file] = saved;
    expect(file?.name).toBe('orders-2026-11-01-to-2026-11-27.csv');
    expect(await file?.file.text()).toBe('id,reference\r\n1,ord_1\r\n');
  });

  it("shows the server's refusal of an export's dates", async () => {
    const { user } = openDashboard();
    answer('get', '/api/admin/exports/ledger.csv', () =>
      refusal(400, { To: ['Must not be before From.'] }),
    );
    const section = within(await screen.findByRole('region', { name: 'Exports' }));
    await fill(user, section.getByLabelText('From'), '2026-11-27');
    await fill(user, section.getByLabelText('To'), '2026-11-01');
    await user.click(section.getByRole('button', { name: 'Download ledger entries (CSV)' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Must not be before From.');
  });
});
