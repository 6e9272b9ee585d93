import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { TextField } from '@/components/ui/fields';
import { GIFT_CARD_MAX_EUR_CENTS, GIFT_CARD_MIN_EUR_CENTS } from '@/config/constants';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { useAccountForm } from '@/components/form/useAccountForm';
import { giftCardAdded, selectCart } from '@/lib/cart/cartSlice';
import { localValidationError } from '@/lib/api/apiError';
import { formatMoney } from '@/lib/money/money';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';
import { boundsRule, checkAmount } from '../amountRules';

const GIFT_CARD_BOUNDS = { min: GIFT_CARD_MIN_EUR_CENTS, max: GIFT_CARD_MAX_EUR_CENTS };

/**
 * Puts a gift card of a chosen amount into the cart (SPEC.md section 3: offer and attribute id
 * -1). The cart holds one: a new amount replaces the one there.
 */
export function BuyGiftCardForm() {
  const currency = useAppSelector(selectCurrency);
  const { giftCard } = useAppSelector(selectCart);
  const form = useAccountForm({ giftCardAmount: '' });
  const dispatch = useAppDispatch();

  const submit = () => {
    const checked = checkAmount(form.values.giftCardAmount, currency, GIFT_CARD_BOUNDS);
    if ('message' in checked) {
      form.showErrors(localValidationError({ giftCardAmount: [checked.message] }));
      return;
    }
    const worth = formatMoney({ amount: checked.amount, currency });
    dispatch(giftCardAdded({ amount: checked.amount, currency }));
    dispatch(
      messageShown(
        giftCard === null
          ? `A gift card worth ${worth} was added to your cart.`
          : `The gift card in your cart is now worth ${worth}.`,
        'success',
      ),
    );
    form.reset();
  };

  return (
    <AccountForm label="Buy a gift card" form={form} onSubmit={submit}>
      <p className="type-body2 text-secondary">
        A gift card is paid with your order; its number appears in your order history and can be
        redeemed on any account.
      </p>
      <TextField
        label={`Gift card amount (${currency})`}
        autoComplete="off"
        inputMode="decimal"
        {...form.textField('giftCardAmount', boundsRule(GIFT_CARD_BOUNDS, currency))}
      />
      {giftCard !== null && (
        <p className="type-body2">
          Your{' '}
          <RouterLink to="/cart" className="text-link">
            cart
          </RouterLink>{' '}
          holds a gift card worth {formatMoney(giftCard)}; a new one replaces it.
        </p>
      )}
      <SubmitButton loading={false}>Add gift card to cart</SubmitButton>
    </AccountForm>
  );
}
