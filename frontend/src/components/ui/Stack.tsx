import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

type Space = 0 | 1 | 2 | 3 | 4 | 5;

interface StackProps extends HTMLAttributes<HTMLElement> {
  /** Column (default), row, or a column on phones that becomes a row from 600 px. */
  direction?: 'column' | 'row' | 'responsive';
  /** The gap between the children, in steps of the spacing scale (--space-N). */
  gap?: Space;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  as?: 'div' | 'ul' | 'section';
  children?: ReactNode;
}

/** Children one after another with the spacing scale's gap between them. */
export function Stack({
  direction = 'column',
  gap = 2,
  align,
  justify,
  as: Element = 'div',
  className,
  style,
  ...props
}: StackProps) {
  return (
    <Element
      className={[`stack stack--${direction}`, className].filter(Boolean).join(' ')}
      style={{
        gap: gap === 0 ? 0 : `var(--space-${gap})`,
        alignItems: align,
        justifyContent: justify,
        ...style,
      }}
      {...props}
    />
  );
}
