import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function AccountSettingsPage() {
  return <PlaceholderPage title="Account settings" />;
}
