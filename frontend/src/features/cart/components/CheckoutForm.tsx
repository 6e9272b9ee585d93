import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { AccountForm, SubmitButton } from '@/components/form/AccountForm';
import { PayerFields } from '@/components/form/BillingFields';
import { missingCheckoutAgreement } from '@/components/form/checkoutAgreement';
import { useAccountForm } from '@/components/form/useAccountForm';
import { WidgetErrorBoundary } from '@/components/WidgetErrorBoundary';
import { billingDetailsOf } from '@/types/billing';
import { useSaveAsBilling, type Profile } from '@/features/accounts';
import { usePaymentCheckout } from '@/hooks/usePaymentCheckout';
import { browserInfo } from '@/lib/browser/browserInfo';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';
import { removeItem, STORAGE_KEYS } from '@/lib/storage/storage';
import type { Order } from '@/types/order';
import { usePlaceOrderMutation } from '../api/checkoutApi';
import { giftCardRemoved, itemsBought, selectCart } from '@/lib/cart/cartSlice';
import { useCartTotal } from '../hooks/useCartTotal';
import { PayByBalanceSwitch } from './PayByBalanceSwitch';

/**
 * Billing details, the agreement, paying from the balance, and "Place order" (POST /api/orders).
 * The customer then pays on the provider's page, or, paying from the balance, lands on the order
 * history straight away.
 */
export function CheckoutForm({ profile }: { profile: Profile }) {
  const { items, giftCard } = useAppSelector(selectCart);
  const currency = useAppSelector(selectCurrency);
  const total = useCartTotal();
  const form = useAccountForm({
    ...billingDetailsOf(profile),
    agreedToPP_TOS: false,
    payByBalance: false,
  });
  const saveAsBilling = useSaveAsBilling(profile, form.values);
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  const { checkout, paymentLink } = usePaymentCheckout();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // After an order (SPEC.md section 4) the cached orders are stale and the gift card is bought;
  // the pictures stay in the cart until the order is paid.
  const settleCart = (order: Order) => {
    dispatch(giftCardRemoved());
    if (order.status === 'Paid') {
      dispatch(itemsBought(order.lines.map((line) => line.offerAttributeId)));
    }
  };

  const submit = async () => {
    const refused = missingCheckoutAgreement(form.values.agreedToPP_TOS);
    if (refused !== null) {
      form.showErrors(refused);
      return;
    }
    const payload = {
      ...form.values,
      cartItems: items.map((item) => ({
        offerId: item.offerId,
        offerAttributeId: item.attributes.id,
      })),
      giftCardAmount: giftCard === null ? (0 as const) : giftCard.amount,
      currency,
    };
    try {
      const { order, paymentLink: link } = await checkout({
        label: 'Order',
        payload,
        prepare: saveAsBilling.saveIfChosen,
        send: (idempotencyKey) =>
          placeOrder({ body: { ...payload, ...browserInfo() }, idempotencyKey }).unwrap(),
        // Runs before the browser leaves for the payment page.
        onSuccess: ({ order: placed, paymentLink: leaving }) => {
          removeItem('local', STORAGE_KEYS.orders);
          removeItem('session', STORAGE_KEYS.orders);
          if (leaving !== null) settleCart(placed);
        },
      });
      if (link === null) {
        // Paid from the balance. Leave first, so that the emptied cart never shows.
        await navigate(`/order-history?order=${order.id}`);
        settleCart(order);
      }
    } catch (error) {
      form.showErrors(error);
    }
  };

  return (
    <AccountForm label="Checkout" form={form} onSubmit={submit}>
      <PayerFields
        field={form.textField}
        onCountryChange={(code) => form.setValue('country', code)}
        agreed={form.values.agreedToPP_TOS}
        onAgreedChange={(checked) => form.setValue('agreedToPP_TOS', checked)}
        agreementMessage={form.fieldMessages.agreedToPP_TOS}
        saveAsBilling={saveAsBilling.option}
      />
      {/* Paying by card still works when the balance cannot be shown. */}
      <WidgetErrorBoundary what="Your balance">
        <PayByBalanceSwitch
          checked={form.values.payByBalance}
          onChange={(checked) => form.setValue('payByBalance', checked)}
          totalMinorUnits={total.minorUnits}
        />
      </WidgetErrorBoundary>
      <SubmitButton loading={isLoading || paymentLink !== null}>Place order</SubmitButton>
    </AccountForm>
  );
}
