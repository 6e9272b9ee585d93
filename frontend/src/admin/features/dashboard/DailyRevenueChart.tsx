import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Dashboard } from './dashboardApi';

/** A colour of the kit's tokens (tokens.css), for the canvas, which reads no CSS variables. */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const WIDTH = 720;
const HEIGHT = 240;

/**
 * The 90 days' net revenue as a line, drawn with uPlot. Its own chunk: only the dashboard loads it,
 * and the figures beside it are the text alternative (DashboardPage), so the canvas is hidden from
 * assistive technology.
 */
export default function DailyRevenueChart({ daily }: { daily: Dashboard['daily'] }) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (element === null) return undefined;
    const days = daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000);
    // Euros as numbers for drawing only; every figure shown in words is the server's exact text.
    const euros = daily.map((day) => day.net.minorUnits / 100);
    const text = token('--color-text');
    const grid = token('--color-divider');
    const chart = new uPlot(
      {
        width: Math.min(WIDTH, element.clientWidth || WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true } },
        axes: [
          { stroke: text, grid: { stroke: grid } },
          {
            stroke: text,
            grid: { stroke: grid },
            values: (_chart, ticks) => ticks.map((tick) => `€${tick}`),
          },
        ],
        series: [{}, { label: 'Net revenue', stroke: token('--color-primary'), width: 2 }],
      },
      [days, euros],
      element,
    );
    return () => chart.destroy();
  }, [daily]);
  return <div ref={target} className="admin-chart" aria-hidden="true" />;
}
