import { useSearchParams } from 'react-router';
import { Page } from '@/components/Page';
import { Section } from '@/components/Section';
import { Stack } from '@/components/ui/Stack';
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
      <div className="columns columns--5-7">
        <Stack gap={3}>
          <BalanceSummary />
          <Section title="Redeem a gift card">
            <RedeemGiftCardForm />
          </Section>
          <Section title="Buy a gift card">
            <BuyGiftCardForm />
          </Section>
        </Stack>
        <Section title="Top up your balance">
          <WithProfile>{(profile) => <DepositForm profile={profile} />}</WithProfile>
        </Section>
      </div>
    </Page>
  );
}
