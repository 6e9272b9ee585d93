import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function ContactPage() {
  return <PlaceholderPage title="Contact" />;
}
