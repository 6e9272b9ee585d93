import SaveAlt from '@mui/icons-material/SaveAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Section } from '@/components/Section';
import type { Generation } from '../types';

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
        <Alert severity="warning" sx={{ mb: 2 }}>
          Only {returned} of {requested} images were made: your free images and balance did not
          cover the rest, or the generator failed on some.
        </Alert>
      )}
      {isZip ? (
        <Typography>
          {images(returned)} made and saved as {fileName}. They are at the top of your images below.
        </Typography>
      ) : (
        <>
          <Box
            component="img"
            src={fileUrl}
            alt={prompt}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 480, borderRadius: 1, mb: 1 }}
          />
          <Typography>Saved as {fileName}.</Typography>
        </>
      )}
      {seed !== null && (
        <Typography variant="body2" color="textSecondary">
          Seed {seed}. The same seed, prompt, style and aspect ratio draw the same again.
        </Typography>
      )}
      <Button
        component="a"
        href={fileUrl}
        download={fileName}
        startIcon={<SaveAlt />}
        sx={{ mt: 1 }}
      >
        Save again
      </Button>
    </Section>
  );
}
