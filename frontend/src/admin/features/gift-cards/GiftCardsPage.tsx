import { useState } from 'react';
import { Page } from '@/components/Page';
import { Button } from '@/components/ui/Button';
import type { GiftCard } from '../../api/types';
import { FilterForm, type FilterField } from '../../components/FilterForm';
import { GiftCardCells } from '../../components/GiftCardCells';
import { GIFT_CARD_COLUMNS, GIFT_CARD_STATE_LABELS } from '../../components/labels';
import { ListView } from '../../components/ListView';
import { useListAddress } from '../../components/listAddress';
import { RoleGate } from '../../components/RoleGate';
import { IssueGiftCardDialog, VoidGiftCardDialog } from './giftCardDialogs';
import { GIFT_CARD_FILTERS, useGetGiftCardsQuery, type GiftCardFilter } from './giftCardsApi';

/** The gift cards, for roles that manage them. */
export default function GiftCardsPage() {
  return (
    <RoleGate permission="manage_gift_cards" title="Gift cards">
      <GiftCardList />
    </RoleGate>
  );
}

const FILTER_FIELDS: readonly FilterField<GiftCardFilter>[] = [
  {
    name: 'Query',
    label: 'Search',
    helperText: "Last 4 digits, or a buyer's or recipient's e-mail",
  },
  {
    name: 'State',
    label: 'State',
    choices: (['active', 'redeemed', 'voided', 'unpaid'] as const).map(
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

function GiftCardList() {
  const list = useListAddress(GIFT_CARD_FILTERS);
  const cards = useGetGiftCardsQuery(list.request);
  const [question, setQuestion] = useState<Question | null>(null);
  const close = () => setQuestion(null);
  return (
    <Page title="Gift cards">
      <p className="mb-3">
        <Button variant="contained" onClick={() => setQuestion({ kind: 'issue' })}>
          Issue a gift card
        </Button>
      </p>
      <FilterForm
        key={list.addressKey}
        fields={FILTER_FIELDS}
        applied={list.request.filters}
        onApply={(filters) => list.show({ filters })}
      />
      <ListView
        query={cards}
        noun="gift cards"
        count={(total) => (total === 1 ? '1 gift card' : `${total} gift cards`)}
        empty={{
          filtered: 'No gift card matches these filters.',
          unfiltered: 'There are no gift cards yet.',
        }}
        filtered={list.filtered}
        head={
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
        }
        row={(card) => {
          const refusal = voidRefusal(card);
          return (
            <tr key={card.id}>
              <GiftCardCells card={card} />
              <td>
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={`Void: ${card.number ?? card.id}`}
                  disabled={refusal !== null}
                  onClick={() => setQuestion({ kind: 'void', card })}
                >
                  Void
                </Button>
                {refusal !== null && <span className="text-secondary"> {refusal}</span>}
              </td>
            </tr>
          );
        }}
        page={list.request.page}
        onPage={(page) => list.show({ page })}
      />
      {question?.kind === 'issue' && <IssueGiftCardDialog onClose={close} />}
      {question?.kind === 'void' && <VoidGiftCardDialog card={question.card} onClose={close} />}
    </Page>
  );
}
