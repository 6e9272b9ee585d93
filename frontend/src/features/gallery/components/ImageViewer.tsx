import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { IconButton } from '@/components/ui/IconButton';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  PauseIcon,
  PlayArrowIcon,
} from '@/components/ui/icons';
import { SLIDESHOW_INTERVAL_MS } from '@/config/constants';
import { picturePath } from '../paths';
import type { Offer } from '../types';
import { Picture } from './Picture';
import './ImageViewer.css';

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
      variant="full-screen"
      onClose={onClose}
      onKeyDown={onKeyDown}
      title={slide.title}
      titleHidden
    >
      <div className="image-viewer__bar">
        <p className="type-h6 type-no-wrap image-viewer__title" aria-hidden="true">
          {slide.title}
        </p>
        {canMove && (
          <p className="type-body2 image-viewer__count">
            {index + 1} of {slides.length}
          </p>
        )}
        <IconButton aria-label="Previous picture" onClick={() => step(-1)} disabled={!canMove}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          onClick={() => setPlaying((now) => !now)}
          disabled={!canMove}
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <IconButton aria-label="Next picture" onClick={() => step(1)} disabled={!canMove}>
          <ChevronRightIcon />
        </IconButton>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <div className="image-viewer__stage">
        <Picture
          key={slide.urlName}
          offer={slide}
          previewOnly
          eager
          sizes="100vw"
          style={{ maxHeight: 'calc(100vh - 140px)', width: 'auto', objectFit: 'contain' }}
        />
      </div>
      {slide.urlName !== start && (
        <p className="image-viewer__open">
          <RouterLink
            to={picturePath(slide.urlName)}
            onClick={onClose}
            className="image-viewer__link"
          >
            Open “{slide.title}”
          </RouterLink>
        </p>
      )}
    </Dialog>
  );
}
