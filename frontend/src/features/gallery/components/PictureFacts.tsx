import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { aspectRatioLabel } from '@/types/art';
import { STYLE_LABELS, writeFilters } from '../filters';
import { categoryPath, GALLERY_PATH } from '../paths';
import { DEFAULT_SORT, type Offer } from '../types';

interface PictureFactsProps {
  offer: Offer;
  categoryTitle: string;
}

/** Style, category, orientation, size and tags of a picture. */
export function PictureFacts({ offer, categoryTitle }: PictureFactsProps) {
  const facts: [string, ReactNode][] = [
    ['Style', STYLE_LABELS[offer.style]],
    [
      'Category',
      <Link key="category" component={RouterLink} to={categoryPath(offer.category)}>
        {categoryTitle}
      </Link>,
    ],
    ['Orientation', offer.orientation],
    ['Size', `${offer.width} × ${offer.height} px`],
    ['Aspect ratio', aspectRatioLabel(offer.aspectRatio)],
  ];
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          my: 2,
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {offer.tags.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Tags">
          {offer.tags.map((tag) => (
            <Chip
              key={tag}
              label={tag}
              size="small"
              clickable
              component={RouterLink}
              to={`${GALLERY_PATH}?${writeFilters({ sort: DEFAULT_SORT, search: tag }).toString()}`}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
