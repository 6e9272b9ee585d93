import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function BillingInformationPage() {
  return <PlaceholderPage title="Billing information" />;
}
