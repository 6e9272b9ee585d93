import type { CSSProperties } from 'react';

interface SkeletonProps {
  variant?: 'text' | 'rectangular' | 'rounded';
  /** Width and height (a number is pixels). */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  style?: CSSProperties;
}

/** A pulsing placeholder for what is still loading. */
export function Skeleton({ variant = 'text', width, height, style }: SkeletonProps) {
  return (
    <span
      className={`skeleton skeleton--${variant}`}
      style={{ width, height, ...style }}
      aria-hidden="true"
    />
  );
}
