import { useEffect } from 'react';
import { Section } from '@/components/Section';
import { Alert } from '@/components/ui/Alert';
import { buttonClass } from '@/components/ui/buttonClass';
import { SaveAltIcon } from '@/components/ui/icons';
import type { Generation } from '../types';
import './generate.css';

function images(count: number): string {
  return count === 1 ? '1 image' : `${count} images`;
}

/** What a generation gave: the picture itself, or for several the ZIP they came in. */
export function GenerationResult({
  generation,
  prompt,
}: {
  generation: Generation;
  prompt: string;
}) {
  const { fileName, fileUrl, isZip, requested, returned, seed } = generation;
  // The object URL holds the file in memory until it is revoked.
  useEffect(() => () => URL.revokeObjectURL(fileUrl), [fileUrl]);
  return (
    <Section title="Your new images">
      {returned < requested && (
        <Alert severity="warning" className="mb-2">
          Only {returned} of {requested} images were made: your free images and balance did not
          cover the rest, or the generator failed on some.
        </Alert>
      )}
      {isZip ? (
        <p className="type-body1">
          {images(returned)} made and saved as {fileName}. They are at the top of your images below.
        </p>
      ) : (
        <>
          <img src={fileUrl} alt={prompt} className="generation-result__image mb-1" />
          <p className="type-body1">Saved as {fileName}.</p>
        </>
      )}
      {seed !== null && (
        <p className="type-body2 text-secondary">
          Seed {seed}. The same seed, prompt, style and aspect ratio draw the same again.
        </p>
      )}
      <p className="mt-1">
        <a href={fileUrl} download={fileName} className={buttonClass()}>
          <span className="button__icon">
            <SaveAltIcon />
          </span>
          Save again
        </a>
      </p>
    </Section>
  );
}
