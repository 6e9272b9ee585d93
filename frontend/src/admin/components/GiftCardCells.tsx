import { Link } from 'react-router';
import { formatMoney } from '@/lib/money/money';
import type { GiftCard } from '../api/types';
import { adminOrderPath } from '../paths';
import { GIFT_CARD_STATE_LABELS } from './labels';
import { Time } from './Time';

/** A gift card's cells in a table: the number masked, as the back office always shows it. */
export function GiftCardCells({ card }: { card: GiftCard }) {
  return (
    <>
      <th scope="row">{card.number ?? 'Not issued yet'}</th>
      <td>{formatMoney(card.value)}</td>
      <td>{formatMoney(card.bought)}</td>
      <td>{GIFT_CARD_STATE_LABELS[card.state]}</td>
      <td>
        {card.orderId === null ? (
          'Goodwill'
        ) : (
          <Link to={adminOrderPath(card.orderId)} aria-label={`Order ${card.orderId}`}>
            {card.orderId}
          </Link>
        )}
      </td>
      <td>{card.buyer?.email ?? '–'}</td>
      <td>{card.recipient ?? '–'}</td>
      <td>
        <Time at={card.issuedAt} />
      </td>
      <td>{card.issuedBy?.email ?? '–'}</td>
    </>
  );
}
