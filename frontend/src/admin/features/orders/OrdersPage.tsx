import { CURRENCIES } from '@/config/constants';
import type { FilterField } from '../../components/FilterForm';
import { ListScreen } from '../../components/ListScreen';
import { OrderListRow } from '../../components/OrderListRow';
import type { OrderRow } from '../../api/types';
import {
  DEFAULT_ORDER_SORT,
  ORDER_FILTERS,
  useGetOrdersQuery,
  type OrderFilter,
} from './ordersApi';

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

/** The orders, for roles that may see them; ordered by Created or Total from their headers. */
export default function OrdersPage() {
  return (
    <ListScreen<OrderFilter, OrderRow>
      title="Orders"
      permission="view_orders"
      filters={ORDER_FILTERS}
      fields={FILTER_FIELDS}
      defaultSort={DEFAULT_ORDER_SORT}
      useList={useGetOrdersQuery}
      noun="orders"
      count={(total) => (total === 1 ? '1 order' : `${total} orders`)}
      empty={{
        filtered: 'No order matches these filters.',
        unfiltered: 'There are no orders yet.',
      }}
      head={(sortable) => (
        <tr>
          <th scope="col">Order</th>
          {sortable('Created', ['-createdAt', 'createdAt'])}
          <th scope="col">Customer</th>
          <th scope="col">Status</th>
          {sortable('Total', ['-total', 'total'])}
          <th scope="col">Refunded</th>
          <th scope="col">Provider</th>
        </tr>
      )}
      row={(order) => <OrderListRow key={order.id} order={order} />}
    />
  );
}
