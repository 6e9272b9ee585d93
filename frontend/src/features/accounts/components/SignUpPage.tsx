import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function SignUpPage() {
  return <PlaceholderPage title="Sign up" />;
}
