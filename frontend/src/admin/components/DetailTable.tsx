import type { Key, ReactNode } from 'react';

/** A column of a record's table: its header and what each item shows in it. */
export type Column<Item> = readonly [header: string, cell: (item: Item) => ReactNode];

type DetailTableProps<Item> = {
  /** Read by screen readers; the section's heading shows it. */
  caption: string;
  items: readonly Item[];
  /** Said in place of an empty table: "No refunds." */
  empty: string;
} & (
  | { columns: readonly Column<Item>[]; rowKey: (item: Item, index: number) => Key }
  | {
      /** A row drawn whole, shared with a list (an order's row), under these headers. */
      headers: readonly string[];
      row: (item: Item) => ReactNode;
    }
);

/** A table of a record's page (an order's lines, a customer's sessions), or what says it is empty. */
export function DetailTable<Item>(props: DetailTableProps<Item>) {
  const { caption, items, empty } = props;
  if (items.length === 0) return <p className="text-secondary">{empty}</p>;
  const headers = 'columns' in props ? props.columns.map(([header]) => header) : props.headers;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {'columns' in props
            ? items.map((item, index) => (
                <tr key={props.rowKey(item, index)}>
                  {props.columns.map(([header, cell]) => (
                    <td key={header}>{cell(item)}</td>
                  ))}
                </tr>
              ))
            : items.map(props.row)}
        </tbody>
      </table>
    </div>
  );
}
