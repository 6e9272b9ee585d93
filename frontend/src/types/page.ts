/** One page of a list the server answers in pages (`Page` and `PageSize` in the query). */
export interface ListPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}
