import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
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
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <CartContents />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Checkout">
            <WithProfile>{(profile) => <CheckoutForm profile={profile} />}</WithProfile>
          </Section>
        </Grid>
      </Grid>
    </Page>
  );
}

function CartContents() {
  const total = useCartTotal();
  const dispatch = useAppDispatch();
  return (
    <Box>
      <CartLines />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 2, gap: 2 }}
      >
        <Button color="inherit" onClick={() => dispatch(cartEmptied())}>
          Empty the cart
        </Button>
        <Typography variant="h6" component="p">
          Total <strong>{formatMoney(total)}</strong>
        </Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1, textAlign: 'right' }}>
        The final price is calculated when you place the order.
      </Typography>
    </Box>
  );
}
