import { useAccountForm } from '@/components/form/useAccountForm';
import { TextField } from '@/components/ui/fields';
import { localValidationError, type FieldErrors } from '@/lib/api/apiError';
import type { GiftCard } from '../../api/types';
import { ActionDialog } from '../../components/ActionDialog';
import { AmountField, ReasonField } from '../../components/fields';
import { MoneyDialog } from '../../components/MoneyDialog';
import { minorUnitsText, moneyText, readAmount } from '../../components/money';
import { useIssueGiftCardMutation, useVoidGiftCardMutation } from './giftCardsApi';

/**
 * A goodwill gift card (EUR): its amount, the address its number is mailed to and a message;
 * the confirmation states the amount and the address.
 */
export function IssueGiftCardDialog({ onClose }: { onClose: () => void }) {
  const form = useAccountForm({ amount: '', email: '', message: '' });
  const [issue, { isLoading }] = useIssueGiftCardMutation();
  const amount = readAmount(form.values.amount, 'EUR');
  const email = form.values.email.trim();

  const review = () => {
    const problems: FieldErrors = {};
    if ('message' in amount) problems.amount = [amount.message];
    if (email === '') problems.email = ['Give the address the card is mailed to.'];
    if ('message' in amount || Object.keys(problems).length > 0) {
      form.showErrors(localValidationError(problems));
      return null;
    }
    return `Issue a gift card of ${minorUnitsText(amount.minorUnits, 'EUR')} to ${email}: its number is mailed there.`;
  };

  const send = (idempotencyKey: string) =>
    issue({
      idempotencyKey,
      amount: 'amount' in amount ? amount.amount : form.values.amount.trim(),
      email,
      message: form.values.message.trim(),
    }).unwrap();

  return (
    <MoneyDialog
      title="Issue a gift card"
      onClose={onClose}
      form={form}
      review={review}
      confirmLabel="Issue"
      send={send}
      busy={isLoading}
    >
      <AmountField currency="EUR" {...form.textField('amount')} />
      <TextField label="E-mail" type="email" autoComplete="off" {...form.textField('email')} />
      <TextField
        label="Message"
        multiline
        minRows={2}
        maxLength={500}
        {...form.textField('message', 'Goes with the card in the mail.')}
      />
    </MoneyDialog>
  );
}

/** Voids a gift card, with a reason, after asking. */
export function VoidGiftCardDialog({ card, onClose }: { card: GiftCard; onClose: () => void }) {
  const form = useAccountForm({ reason: '' });
  const [voidCard, { isLoading }] = useVoidGiftCardMutation();
  const submit = async () => {
    const reason = form.values.reason.trim();
    if (reason === '') {
      form.showErrors(localValidationError({ reason: ['Say why.'] }));
      return;
    }
    try {
      await voidCard({ id: card.id, reason }).unwrap();
      onClose();
    } catch (error) {
      form.showErrors(error);
    }
  };
  return (
    <ActionDialog
      title={`Void gift card ${card.number ?? card.id}?`}
      onClose={onClose}
      confirmLabel="Void"
      onConfirm={submit}
      busy={isLoading}
      form={form}
    >
      <p>It can no longer be redeemed: {moneyText(card.value)} that nobody can spend.</p>
      <ReasonField {...form.textField('reason')} />
    </ActionDialog>
  );
}
