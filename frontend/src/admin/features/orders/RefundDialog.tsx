import { useId, useState } from 'react';
import { useAccountForm } from '@/components/form/useAccountForm';
import { Button } from '@/components/ui/Button';
import { Check } from '@/components/ui/choices';
import { localValidationError, type FieldErrors } from '@/lib/api/apiError';
import { formatMoney, sumMoney } from '@/lib/money/money';
import type { OrderDetail, OrderGiftCard } from '../../api/types';
import { AmountField, ReasonField } from '../../components/fields';
import { MoneyDialog } from '../../components/MoneyDialog';
import { minorUnitsText, readAmount } from '../../components/money';
import { useRefundOrderMutation } from './ordersApi';

/** Why a gift card of the order cannot be refunded, or null when it can. */
function cardRefusal(card: OrderGiftCard): string | null {
  if (card.state === 'redeemed') return 'Redeemed: it cannot be refunded.';
  if (card.state === 'voided') return 'Void already.';
  return null;
}

/** Where the money of a refund goes: back to the card, or to the buyer's balance. */
function destination(order: OrderDetail): string {
  return order.provider === 'balance'
    ? `to ${order.customer.email}'s balance`
    : `to the card paid through ${order.provider}`;
}

const toggled = (set: ReadonlySet<number>, item: number, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
};

/**
 * Refunding an order: its lines and gift cards to tick (what cannot be refunded disabled, with
 * why), "Refund everything", an amount that defaults to the sum of what is ticked (shown as it
 * changes), a reason, and the exclusive's return to sale; then the confirmation, which states the
 * amount and where it goes.
 */
export function RefundDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const { currency } = order.total;
  // `lines` and `giftCards` hold no text: they are named here so that the server's refusals of
  // them land beside their lists instead of above the form.
  const form = useAccountForm({
    amount: '',
    reason: '',
    lines: '',
    giftCards: '',
    returnToSale: false,
  });
  const [lines, setLines] = useState<ReadonlySet<number>>(new Set());
  const [cards, setCards] = useState<ReadonlySet<number>>(new Set());
  const [refund, { isLoading }] = useRefundOrderMutation();
  const linesErrorId = useId();
  const cardsErrorId = useId();

  const tickedLines = order.lines.filter((line) => lines.has(line.number));
  const ticked = sumMoney(
    [
      ...tickedLines.map((line) => line.price),
      ...order.giftCards.filter((card) => cards.has(card.id)).map((card) => card.amount),
    ],
    currency,
  );
  const exclusiveTicked = tickedLines.some((line) => line.licence === 'Exclusive');
  const typed = form.values.amount.trim();
  const amount = typed === '' ? null : readAmount(typed, currency);

  const refundEverything = () => {
    setLines(new Set(order.lines.filter((line) => !line.refunded).map((line) => line.number)));
    setCards(
      new Set(order.giftCards.filter((card) => cardRefusal(card) === null).map((card) => card.id)),
    );
    form.setValue('amount', '');
    form.setValue('lines', '');
    form.setValue('giftCards', '');
  };

  const review = () => {
    const problems: FieldErrors = {};
    if (amount !== null && 'message' in amount) problems.amount = [amount.message];
    if (amount === null && lines.size + cards.size === 0) {
      problems.lines = ['Tick a line or a gift card, or give an amount.'];
    }
    if (form.values.reason.trim() === '') problems.reason = ['Say why.'];
    if (Object.keys(problems).length > 0 || (amount !== null && 'message' in amount)) {
      form.showErrors(localValidationError(problems));
      return null;
    }
    const minorUnits = amount === null ? ticked.minorUnits : amount.minorUnits;
    return `Refund ${minorUnitsText(minorUnits, currency)} ${destination(order)}.`;
  };

  const send = (idempotencyKey: string) =>
    refund({
      orderId: order.id,
      idempotencyKey,
      lines: [...lines].sort((a, b) => a - b),
      giftCards: [...cards].sort((a, b) => a - b),
      amount: amount !== null && 'amount' in amount ? amount.amount : null,
      reason: form.values.reason.trim(),
      returnToSale: exclusiveTicked && form.values.returnToSale,
    }).unwrap();

  const groupError = (name: 'lines' | 'giftCards', id: string) =>
    form.fieldMessages[name] === undefined ? null : (
      <p id={id} className="check-message check-message--error">
        {form.fieldMessages[name]}
      </p>
    );

  return (
    <MoneyDialog
      title={`Refund order ${order.id}`}
      onClose={onClose}
      form={form}
      review={review}
      confirmLabel="Refund"
      send={send}
      busy={isLoading}
    >
      <div>
        <Button variant="outlined" onClick={refundEverything}>
          Refund everything
        </Button>
      </div>
      {order.lines.length > 0 && (
        <fieldset
          className="admin-choices"
          aria-describedby={form.fieldMessages.lines === undefined ? undefined : linesErrorId}
        >
          <legend>Lines</legend>
          {order.lines.map((line) => (
            <Check
              key={line.number}
              label={`Line ${line.number}: ${line.title}, ${line.sizeName}, ${line.licence} · ${formatMoney(line.price)}`}
              checked={lines.has(line.number)}
              disabled={line.refunded}
              message={line.refunded ? 'Refunded already.' : undefined}
              error={form.fieldMessages.lines !== undefined && !line.refunded}
              onChange={(on) => {
                setLines((current) => toggled(current, line.number, on));
                form.setValue('lines', '');
              }}
            />
          ))}
          {groupError('lines', linesErrorId)}
        </fieldset>
      )}
      {order.lines.length === 0 && groupError('lines', linesErrorId)}
      {order.giftCards.length > 0 && (
        <fieldset
          className="admin-choices"
          aria-describedby={form.fieldMessages.giftCards === undefined ? undefined : cardsErrorId}
        >
          <legend>Gift cards</legend>
          {order.giftCards.map((card) => {
            const refusal = cardRefusal(card);
            return (
              <Check
                key={card.id}
                label={`Gift card ${card.number ?? card.id} · ${formatMoney(card.amount)}`}
                checked={cards.has(card.id)}
                disabled={refusal !== null}
                message={refusal ?? undefined}
                error={form.fieldMessages.giftCards !== undefined && refusal === null}
                onChange={(on) => {
                  setCards((current) => toggled(current, card.id, on));
                  form.setValue('giftCards', '');
                }}
              />
            );
          })}
          {groupError('giftCards', cardsErrorId)}
        </fieldset>
      )}
      <p role="status">Ticked: {minorUnitsText(ticked.minorUnits, currency)}</p>
      <AmountField
        currency={currency}
        {...form.textField('amount', 'Leave empty to refund what is ticked.')}
      />
      <ReasonField {...form.textField('reason')} />
      {exclusiveTicked && (
        <Check
          label="Return the exclusive to sale"
          checked={form.values.returnToSale}
          onChange={(on) => form.setValue('returnToSale', on)}
        />
      )}
    </MoneyDialog>
  );
}
