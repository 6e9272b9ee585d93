import { Alert } from '@/components/ui/Alert';
import { useGetGenerationAllowanceQuery } from '../api/generatedImagesApi';

/**
 * Says plainly what draws the images, as the server reports it with the allowance: the built-in
 * generator makes abstract pictures and never the things a prompt names, which a customer paying
 * for images must know before paying; a configured image model draws the prompt.
 */
export function GeneratorNote() {
  const { data } = useGetGenerationAllowanceQuery(undefined);
  if (data?.generator === 'built-in') {
    return (
      <Alert severity="info" className="mb-3 generate-intro">
        This shop uses its built-in generator. It draws abstract pictures: shapes and colours taken
        from your words, the style and the seed. It does not draw the things your prompt names.
      </Alert>
    );
  }
  if (data?.generator === 'remote') {
    return (
      <Alert severity="info" className="mb-3 generate-intro">
        An image model draws the picture your prompt describes.
      </Alert>
    );
  }
  return null;
}
