import type { ReactNode } from 'react';
import { DelayedProgress } from '@/components/DelayedProgress';
import { EmptyState } from '@/components/EmptyState';
import type { ListPage } from '@/types/page';
import { Pagination } from '@/components/ui/Pagination';
import { ServerErrorAlert } from './ServerErrorAlert';

/** What a list's query hook answers that the view uses. */
export interface ListQuery<Item> {
  data?: ListPage<Item>;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface ListViewProps<Item> {
  query: ListQuery<Item>;
  /** What is listed, in the plural: "orders" ("Loading the orders", the table's caption). */
  noun: string;
  /** The words of the count above the table, from the total: "3 orders". */
  count: (total: number) => string;
  /** The empty state, with and without filters in effect. */
  empty: { filtered: string; unfiltered: string };
  filtered: boolean;
  /** The header row, and the row of an item. */
  head: ReactNode;
  row: (item: Item, index: number) => ReactNode;
  page: number;
  onPage: (page: number) => void;
}

/**
 * A page of a list the server pages: progress, its refusal with "Try again", the empty state
 * (saying whether filters are in effect), the count, the table and the kit's Pagination.
 */
export function ListView<Item>({
  query,
  noun,
  count,
  empty,
  filtered,
  head,
  row,
  page,
  onPage,
}: ListViewProps<Item>) {
  const { data } = query;
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  const pages = data === undefined ? 0 : Math.ceil(data.total / data.pageSize);
  return (
    <>
      {query.isFetching && <DelayedProgress label={`Loading the ${noun}`} />}
      {query.isError && (
        <ServerErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      )}
      {data?.items.length === 0 && (
        <EmptyState message={filtered ? empty.filtered : empty.unfiltered} />
      )}
      {data !== undefined && data.items.length > 0 && (
        <>
          <p className="text-secondary mb-1" role="status">
            {count(data.total)}
          </p>
          <div className="card admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>{head}</thead>
              <tbody>{data.items.map(row)}</tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 && (
        <Pagination label={`${title} pages`} count={pages} page={page} onChange={onPage} />
      )}
    </>
  );
}
