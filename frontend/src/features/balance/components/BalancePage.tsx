import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function BalancePage() {
  return <PlaceholderPage title="Balance" />;
}
