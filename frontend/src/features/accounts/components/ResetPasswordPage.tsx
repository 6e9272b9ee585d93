import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function ResetPasswordPage() {
  return <PlaceholderPage title="Reset password" />;
}
