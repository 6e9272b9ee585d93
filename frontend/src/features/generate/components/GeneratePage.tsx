import { useAppSelector } from '@/app/hooks';
import { Page } from '@/components/Page';
import { Stack } from '@/components/ui/Stack';
import { WidgetErrorBoundary } from '@/components/WidgetErrorBoundary';
import { selectIsSignedIn } from '@/lib/session/sessionSlice';
import { GeneratedImageHistory } from './GeneratedImageHistory';
import { GeneratorNote } from './GeneratorNote';
import { GenerateForm } from './GenerateForm';
import './generate.css';

/** /generate: open to everyone; generating and the history need an account. */
export default function GeneratePage() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return (
    <Page title="Generate images">
      <p className="type-body1 mb-3 generate-intro">
        Describe a picture, pick a style and a shape, and get it as a PNG file. Several images at
        once come as one ZIP file. Every image you make is kept in your account to download again.
      </p>
      {isSignedIn && <GeneratorNote />}
      <Stack gap={3}>
        <GenerateForm />
        {isSignedIn && (
          <WidgetErrorBoundary what="Your generated images">
            <GeneratedImageHistory />
          </WidgetErrorBoundary>
        )}
      </Stack>
    </Page>
  );
}
