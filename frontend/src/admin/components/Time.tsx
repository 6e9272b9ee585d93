import { formatDateTime } from '@/lib/format/date';

/** A time as the back office shows it ("27 Nov 2026, 09:30"), or "–" when there is none. */
export function Time({ at }: { at: string | null }) {
  if (at === null) return '–';
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}
