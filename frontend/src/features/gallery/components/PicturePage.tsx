import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function PicturePage() {
  return <PlaceholderPage title="Picture" />;
}
