import type { ReactNode } from 'react';

interface DetailTableProps<Item> {
  /** Read by screen readers; the section's heading shows it. */
  caption: string;
  columns: readonly string[];
  items: readonly Item[];
  row: (item: Item, index: number) => ReactNode;
  /** Said in place of an empty table: "No refunds." */
  empty: string;
}

/** A table of a record's page (an order's lines, a customer's sessions), or what says it is empty. */
export function DetailTable<Item>({ caption, columns, items, row, empty }: DetailTableProps<Item>) {
  if (items.length === 0) return <p className="text-secondary">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{items.map(row)}</tbody>
      </table>
    </div>
  );
}
