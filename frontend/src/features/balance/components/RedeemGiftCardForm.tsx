import { useAppDispatch } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { TextField } from '@/components/ui/fields';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { useIdempotencyKey } from '@/hooks/useIdempotencyKey';
import { formatMoney } from '@/lib/money/money';
import { useRedeemGiftCardMutation } from '../api/balanceApi';

/** Puts the value of a gift card on the balance (POST /api/balance/gift-card). */
export function RedeemGiftCardForm() {
  const form = useAccountForm({ giftCardNumber: '' });
  const [redeem, { isLoading }] = useRedeemGiftCardMutation();
  const idempotency = useIdempotencyKey();
  const dispatch = useAppDispatch();

  const submit = async () => {
    const giftCardNumber = form.values.giftCardNumber.trim();
    try {
      const { credited } = await redeem({
        giftCardNumber,
        idempotencyKey: idempotency.keyFor(giftCardNumber),
      }).unwrap();
      idempotency.finished();
      dispatch(messageShown(`${formatMoney(credited)} has been added to your balance.`, 'success'));
      form.reset();
    } catch (error) {
      idempotency.finished(error);
      form.showErrors(error);
    }
  };

  return (
    <AccountForm label="Redeem a gift card" form={form} onSubmit={submit}>
      <TextField
        label="Gift card number"
        autoComplete="off"
        spellCheck={false}
        monospace
        {...form.textField('giftCardNumber', '16 letters and digits, such as ABCD-EFGH-JKMN-PQRS.')}
      />
      <SubmitButton loading={isLoading}>Redeem</SubmitButton>
    </AccountForm>
  );
}
