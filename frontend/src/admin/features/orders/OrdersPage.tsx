import { Page } from '@/components/Page';
import { CURRENCIES } from '@/config/constants';
import { FilterForm, type FilterField } from '../../components/FilterForm';
import { ListView } from '../../components/ListView';
import { useListAddress } from '../../components/listAddress';
import { OrderListRow } from '../../components/OrderListRow';
import { RoleGate } from '../../components/RoleGate';
import { SortHeader } from '../../components/SortHeader';
import {
  DEFAULT_ORDER_SORT,
  ORDER_FILTERS,
  useGetOrdersQuery,
  type OrderFilter,
} from './ordersApi';

/** The orders, for roles that may see them. */
export default function OrdersPage() {
  return (
    <RoleGate permission="view_orders" title="Orders">
      <OrderList />
    </RoleGate>
  );
}

const FILTER_FIELDS: readonly FilterField<OrderFilter>[] = [
  { name: 'Id', label: 'Order number', inputMode: 'numeric' },
  { name: 'Reference', label: 'Reference' },
  { name: 'Email', label: 'Customer e-mail', type: 'email' },
  {
    name: 'Status',
    label: 'Status',
    choices: ['Pending', 'Paid', 'Failed', 'Expired'].map((status) => [status, status] as const),
    anyLabel: 'Any status',
  },
  {
    name: 'Refund',
    label: 'Refund',
    choices: [
      ['None', 'Not refunded'],
      ['PartlyRefunded', 'Partly refunded'],
      ['Refunded', 'Refunded'],
    ],
    anyLabel: 'Any',
  },
  { name: 'From', label: 'From', type: 'date', helperText: 'First day, UTC' },
  { name: 'To', label: 'To', type: 'date', helperText: 'Last day, UTC' },
  {
    name: 'Currency',
    label: 'Currency',
    choices: CURRENCIES.map((currency) => [currency, currency] as const),
    anyLabel: 'Any (amounts in EUR)',
  },
  { name: 'MinAmount', label: 'Total at least', inputMode: 'decimal', helperText: 'e.g. 10.00' },
  { name: 'MaxAmount', label: 'Total at most', inputMode: 'decimal', helperText: 'e.g. 50.00' },
];

/**
 * Filters, page and order in the address with the API's names; the server filters, orders
 * (Created and Total, from their headers) and pages.
 */
function OrderList() {
  const list = useListAddress(ORDER_FILTERS, DEFAULT_ORDER_SORT);
  const orders = useGetOrdersQuery(list.request);
  const sortable = (label: string, field: string) => (
    <SortHeader
      label={label}
      orders={[`-${field}`, field]}
      sort={list.request.sort}
      onSort={(sort) => list.show({ sort })}
    />
  );
  return (
    <Page title="Orders">
      <FilterForm
        key={list.addressKey}
        fields={FILTER_FIELDS}
        applied={list.request.filters}
        onApply={(filters) => list.show({ filters })}
      />
      <ListView
        query={orders}
        noun="orders"
        count={(total) => (total === 1 ? '1 order' : `${total} orders`)}
        empty={{
          filtered: 'No order matches these filters.',
          unfiltered: 'There are no orders yet.',
        }}
        filtered={list.filtered}
        head={
          <tr>
            <th scope="col">Order</th>
            {sortable('Created', 'createdAt')}
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            {sortable('Total', 'total')}
            <th scope="col">Refunded</th>
            <th scope="col">Provider</th>
          </tr>
        }
        row={(order) => <OrderListRow key={order.id} order={order} />}
        page={list.request.page}
        onPage={(page) => list.show({ page })}
      />
    </Page>
  );
}
