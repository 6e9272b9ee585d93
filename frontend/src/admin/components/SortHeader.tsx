interface SortHeaderProps {
  label: string;
  /**
   * The API's orders this column offers, in the order a click goes through them: the first one
   * when the list is in another order ("-total", then "total").
   */
  orders: readonly string[];
  /** The list's order now. */
  sort: string;
  onSort: (sort: string) => void;
}

/** A column header that orders the list on the server: `aria-sort` says how it is ordered. */
export function SortHeader({ label, orders, sort, onSort }: SortHeaderProps) {
  const index = orders.indexOf(sort);
  const direction = index === -1 ? 'none' : sort.startsWith('-') ? 'descending' : 'ascending';
  const next = orders[(index + 1) % orders.length] ?? sort;
  return (
    <th scope="col" aria-sort={direction}>
      <button type="button" className="admin-sort" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true" className="admin-sort__arrow">
          {direction === 'descending' ? '↓' : direction === 'ascending' ? '↑' : '↕'}
        </span>
      </button>
    </th>
  );
}
