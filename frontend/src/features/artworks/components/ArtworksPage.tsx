import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function ArtworksPage() {
  return <PlaceholderPage title="Artworks" />;
}
