import { useId, type ReactNode } from 'react';

/** A titled part of a page, such as one form among several. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card card--padded">
      <h2 id={headingId} className="type-h6 mb-2">
        {title}
      </h2>
      {children}
    </section>
  );
}
