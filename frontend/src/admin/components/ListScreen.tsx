import type { ReactNode } from 'react';
import { Page } from '@/components/Page';
import type { StaffPermission } from '../api/types';
import { FilterForm, type FilterField } from './FilterForm';
import { useListAddress, type ListRequest } from './listAddress';
import { ListView, type ListQuery, type ListViewProps } from './ListView';
import { RoleGate } from './RoleGate';
import { SortHeader } from './SortHeader';

/** A column header that orders the list: its label and the API's orders, in click order. */
type Sortable = (label: string, orders: readonly string[]) => ReactNode;

interface ListScreenProps<Name extends string, Item> extends Pick<
  ListViewProps<Item>,
  'noun' | 'count' | 'empty' | 'row'
> {
  title: string;
  /** The permission the screen needs; other roles see the refusal without a call. */
  permission: StaffPermission;
  filters: readonly Name[];
  fields: readonly FilterField<Name>[];
  /** The server's order when none is asked for (left out of the address), '' when none. */
  defaultSort?: string;
  /** The list's query hook. */
  useList: (request: ListRequest<Name>) => ListQuery<Item>;
  /** The header row, given what draws a header that orders the list. */
  head: (sortable: Sortable) => ReactNode;
  /** Above the filters: what the screen does besides listing ("Issue a gift card"). */
  actions?: ReactNode;
  /** Its dialogs. */
  children?: ReactNode;
}

/**
 * A list screen of the back office: the filters, page and order in the address with the API's
 * names (so that a link shares them and a reload keeps them), sent to the server, which filters,
 * orders and pages; for the roles its permission lets in.
 */
export function ListScreen<Name extends string, Item>(props: ListScreenProps<Name, Item>) {
  return (
    <RoleGate permission={props.permission} title={props.title}>
      <ListScreenBody {...props} />
    </RoleGate>
  );
}

function ListScreenBody<Name extends string, Item>({
  title,
  filters,
  fields,
  defaultSort = '',
  useList,
  head,
  actions,
  children,
  ...view
}: ListScreenProps<Name, Item>) {
  const list = useListAddress(filters, defaultSort);
  const query = useList(list.request);
  const sortable: Sortable = (label, orders) => (
    <SortHeader
      label={label}
      orders={orders}
      sort={list.request.sort}
      onSort={(sort) => list.show({ sort })}
    />
  );
  return (
    <Page title={title}>
      {actions !== undefined && <div className="mb-3">{actions}</div>}
      {/* A new address from elsewhere (back, a link) starts the form from what it says. */}
      <FilterForm
        key={list.addressKey}
        fields={fields}
        applied={list.request.filters}
        onApply={(next) => list.show({ filters: next })}
      />
      <ListView
        {...view}
        query={query}
        filtered={list.filtered}
        head={head(sortable)}
        page={list.request.page}
        onPage={(page) => list.show({ page })}
      />
      {children}
    </Page>
  );
}
