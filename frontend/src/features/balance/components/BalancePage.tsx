import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { WithProfile } from '@/features/accounts';
import { idParam } from '@/lib/browser/searchParams';
import { BalanceSummary } from './BalanceSummary';
import { BuyGiftCardForm } from './BuyGiftCardForm';
import { DepositForm } from './DepositForm';
import { DepositStatus } from './DepositStatus';
import { RedeemGiftCardForm } from './RedeemGiftCardForm';

export default function BalancePage() {
  const [params] = useSearchParams();
  const depositId = idParam(params, 'deposit');
  return (
    <Page title="Balance">
      {depositId !== null && (
        <DepositStatus id={depositId} cancelled={params.get('cancelled') === '1'} />
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <BalanceSummary />
            <Section title="Redeem a gift card">
              <RedeemGiftCardForm />
            </Section>
            <Section title="Buy a gift card">
              <BuyGiftCardForm />
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title="Top up your balance">
            <WithProfile>{(profile) => <DepositForm profile={profile} />}</WithProfile>
          </Section>
        </Grid>
      </Grid>
    </Page>
  );
}
