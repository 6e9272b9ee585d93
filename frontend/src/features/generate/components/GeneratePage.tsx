import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function GeneratePage() {
  return <PlaceholderPage title="Generate" />;
}
