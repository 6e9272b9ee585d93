import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function OrderHistoryPage() {
  return <PlaceholderPage title="Order history" />;
}
