import type { ReactNode } from 'react';

/** Named values of a record ("Reference", "Status"), as a description list. */
export function Facts({
  facts,
}: {
  facts: readonly (readonly [name: string, value: ReactNode])[];
}) {
  return (
    <dl className="admin-facts">
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
