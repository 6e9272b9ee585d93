import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot password" />;
}
