import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Button } from '@/components/ui/Button';
import { Stack } from '@/components/ui/Stack';
import { WithProfile } from '@/features/accounts';
import { GALLERY_PATH } from '@/features/gallery';
import { formatMoney } from '@/lib/money/money';
import { cartEmptied, selectCartCount } from '@/lib/cart/cartSlice';
import { useCartTotal } from '../hooks/useCartTotal';
import { CartLines } from './CartLines';
import { CheckoutForm } from './CheckoutForm';

export default function CartPage() {
  const count = useAppSelector(selectCartCount);
  if (count === 0) {
    return (
      <Page title="Cart" maxWidth="md">
        <EmptyState
          message="Your cart is empty."
          action={{ to: GALLERY_PATH, label: 'Browse the gallery' }}
        />
      </Page>
    );
  }
  return (
    <Page title="Cart">
      <div className="columns columns--7-5">
        <CartContents />
        <Section title="Checkout">
          <WithProfile>{(profile) => <CheckoutForm profile={profile} />}</WithProfile>
        </Section>
      </div>
    </Page>
  );
}

function CartContents() {
  const total = useCartTotal();
  const dispatch = useAppDispatch();
  return (
    <div>
      <CartLines />
      <Stack direction="row" justify="space-between" align="center" className="mt-2">
        <Button color="inherit" onClick={() => dispatch(cartEmptied())}>
          Empty the cart
        </Button>
        <p className="type-h6">
          Total <strong>{formatMoney(total)}</strong>
        </p>
      </Stack>
      <p className="type-body2 text-secondary mt-1 cart-total-note">
        The final price is calculated when you place the order.
      </p>
    </div>
  );
}
