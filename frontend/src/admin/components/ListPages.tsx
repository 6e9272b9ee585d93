import { Pagination } from '@/components/ui/Pagination';
import type { ListPage } from '@/types/page';

interface ListPagesProps {
  /** Names the navigation: "Orders pages". */
  label: string;
  data: ListPage<unknown> | undefined;
  page: number;
  onPage: (page: number) => void;
}

/** The kit's Pagination under a list the server pages, when there is more than one page. */
export function ListPages({ label, data, page, onPage }: ListPagesProps) {
  const pages = data === undefined ? 0 : Math.ceil(data.total / data.pageSize);
  if (pages <= 1) return null;
  return <Pagination label={label} count={pages} page={page} onChange={onPage} />;
}
