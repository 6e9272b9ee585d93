import { Link } from 'react-router';
import { formatMoney } from '@/lib/money/money';
import type { OrderRow } from '../api/types';
import { adminOrderPath } from '../paths';
import { orderStatusText, PROVIDER_LABELS } from './labels';
import { Time } from './Time';

/** An order in a list: its number links to its page. */
export function OrderListRow({ order }: { order: OrderRow }) {
  return (
    <tr>
      <th scope="row">
        <Link to={adminOrderPath(order.id)} aria-label={`Order ${order.id}`}>
          {order.id}
        </Link>
      </th>
      <td>
        <Time at={order.createdAt} />
      </td>
      <td>{order.customer.email}</td>
      <td>{orderStatusText(order)}</td>
      <td>{formatMoney(order.total)}</td>
      <td>{order.refunded.minorUnits === 0 ? '–' : formatMoney(order.refunded)}</td>
      <td>{PROVIDER_LABELS[order.provider]}</td>
    </tr>
  );
}
