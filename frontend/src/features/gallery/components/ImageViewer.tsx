import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { SLIDESHOW_INTERVAL_MS } from '@/config/constants';
import { picturePath } from '../paths';
import type { Offer } from '../types';
import { Picture } from './Picture';

export type Slide = Pick<Offer, 'urlName' | 'title' | 'width' | 'height' | 'thumbnail' | 'preview'>;

interface ImageViewerProps {
  slides: readonly Slide[];
  /** The urlName of the slide shown first. */
  start: string;
  autoPlay: boolean;
  onClose: () => void;
}

/**
 * A full-screen view of the watermarked previews with a slideshow that advances every
 * SLIDESHOW_INTERVAL_MS while playing. Arrow keys go back and forth; Esc closes. Mount it when it
 * opens, so that each opening starts afresh.
 */
export function ImageViewer({ slides, start, autoPlay, onClose }: ImageViewerProps) {
  // Tracked by name, not position: the list of neighbours may arrive after the viewer opened.
  const [current, setCurrent] = useState(start);
  const [playing, setPlaying] = useState(autoPlay);
  const found = slides.findIndex((slide) => slide.urlName === current);
  const index = Math.max(found, 0);
  const slide = slides[index];
  const canMove = slides.length > 1;

  const step = (by: number) => {
    const next = slides[(index + by + slides.length) % slides.length];
    if (next !== undefined) setCurrent(next.urlName);
  };

  useEffect(() => {
    if (!playing || slides.length < 2) return;
    const timer = window.setTimeout(() => {
      const next = slides[(index + 1) % slides.length];
      if (next !== undefined) setCurrent(next.urlName);
    }, SLIDESHOW_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, slides]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  };

  if (slide === undefined) return null;
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby="image-viewer-title"
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Typography id="image-viewer-title" variant="h6" component="h2" noWrap sx={{ flexGrow: 1 }}>
          {slide.title}
        </Typography>
        {canMove && (
          <Typography variant="body2" sx={{ opacity: 0.8, whiteSpace: 'nowrap' }}>
            {index + 1} of {slides.length}
          </Typography>
        )}
        <IconButton
          color="inherit"
          aria-label="Previous picture"
          onClick={() => step(-1)}
          disabled={!canMove}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          color="inherit"
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          onClick={() => setPlaying((now) => !now)}
          disabled={!canMove}
        >
          {playing ? <Pause /> : <PlayArrow />}
        </IconButton>
        <IconButton
          color="inherit"
          aria-label="Next picture"
          onClick={() => step(1)}
          disabled={!canMove}
        >
          <ChevronRight />
        </IconButton>
        <IconButton color="inherit" aria-label="Close" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Toolbar>
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          minHeight: 0,
          p: { xs: 1, md: 2 },
        }}
      >
        <Picture
          key={slide.urlName}
          offer={slide}
          previewOnly
          eager
          sizes="100vw"
          style={{ maxHeight: 'calc(100vh - 140px)', width: 'auto', objectFit: 'contain' }}
        />
      </Box>
      {slide.urlName !== start && (
        <Box sx={{ textAlign: 'center', pb: 2 }}>
          <Link
            component={RouterLink}
            to={picturePath(slide.urlName)}
            onClick={onClose}
            color="inherit"
          >
            Open “{slide.title}”
          </Link>
        </Box>
      )}
    </Dialog>
  );
}
