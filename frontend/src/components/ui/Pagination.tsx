interface PaginationProps {
  /** Pages, counted from 1. */
  count: number;
  page: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Numbered pages with the current one marked; each page is a button. */
export function Pagination({ count, page, onChange, label = 'Pages' }: PaginationProps) {
  const pages = Array.from({ length: count }, (_, index) => index + 1);
  return (
    <nav aria-label={label} className="pagination">
      <ul className="pagination__list">
        {pages.map((number) => (
          <li key={number}>
            <button
              type="button"
              className={
                number === page ? 'pagination__page pagination__page--current' : 'pagination__page'
              }
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Go to page ${number}`}
              onClick={() => onChange(number)}
            >
              {number}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
