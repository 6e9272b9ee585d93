import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function CartPage() {
  return <PlaceholderPage title="Cart" />;
}
