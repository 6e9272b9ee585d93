import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { GiftCard } from '../../api/types';
import type { FilterField } from '../../components/FilterForm';
import { GiftCardCells } from '../../components/GiftCardCells';
import { GIFT_CARD_COLUMNS, GIFT_CARD_STATE_LABELS } from '../../components/labels';
import { ListScreen } from '../../components/ListScreen';
import { IssueGiftCardDialog, VoidGiftCardDialog } from './giftCardDialogs';
import { GIFT_CARD_FILTERS, useGetGiftCardsQuery, type GiftCardFilter } from './giftCardsApi';

const FILTER_FIELDS: readonly FilterField<GiftCardFilter>[] = [
  {
    name: 'Query',
    label: 'Search',
    helperText: "The whole number, a card's id, or a buyer's or recipient's e-mail",
  },
  {
    name: 'State',
    label: 'State',
    choices: (['active', 'redeemed', 'voided'] as const).map(
      (state) => [state, GIFT_CARD_STATE_LABELS[state]] as const,
    ),
    anyLabel: 'Any state',
  },
];

type Question = { kind: 'issue' } | { kind: 'void'; card: GiftCard };

/** Why a card cannot be voided, or null when it can. */
function voidRefusal(card: GiftCard): string | null {
  if (card.state === 'redeemed') return 'Redeemed already';
  if (card.state === 'voided') return 'Void already';
  return null;
}

/** The gift cards, for roles that manage them: a goodwill card issued, a card voided. */
export default function GiftCardsPage() {
  const [question, setQuestion] = useState<Question | null>(null);
  const close = () => setQuestion(null);
  return (
    <ListScreen<GiftCardFilter, GiftCard>
      title="Gift cards"
      permission="manage_gift_cards"
      filters={GIFT_CARD_FILTERS}
      fields={FILTER_FIELDS}
      useList={useGetGiftCardsQuery}
      noun="gift cards"
      count={(total) => (total === 1 ? '1 gift card' : `${total} gift cards`)}
      empty={{
        filtered: 'No gift card matches these filters.',
        unfiltered: 'There are no gift cards yet.',
      }}
      actions={
        <Button variant="contained" onClick={() => setQuestion({ kind: 'issue' })}>
          Issue a gift card
        </Button>
      }
      head={() => (
        <tr>
          {GIFT_CARD_COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      )}
      row={(card) => (
        <GiftCardRow key={card.id} card={card} onVoid={() => setQuestion({ kind: 'void', card })} />
      )}
    >
      {question?.kind === 'issue' && <IssueGiftCardDialog onClose={close} />}
      {question?.kind === 'void' && <VoidGiftCardDialog card={question.card} onClose={close} />}
    </ListScreen>
  );
}

function GiftCardRow({ card, onVoid }: { card: GiftCard; onVoid: () => void }) {
  const refusal = voidRefusal(card);
  return (
    <tr>
      <GiftCardCells card={card} />
      <td>
        <Button
          variant="outlined"
          size="small"
          aria-label={`Void: ${card.number ?? card.id}`}
          disabled={refusal !== null}
          onClick={onVoid}
        >
          Void
        </Button>
        {refusal !== null && <span className="text-secondary"> {refusal}</span>}
      </td>
    </tr>
  );
}
