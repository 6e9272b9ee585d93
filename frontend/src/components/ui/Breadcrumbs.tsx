import { Fragment } from 'react';
import { Link } from 'react-router';
import './controls.css';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last one, the page itself, leads nowhere. */
  to?: string;
}

/** Breadcrumbs with links that underline on hover. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="type-body1 breadcrumbs">
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, index) => (
          <Fragment key={`${index}-${crumb.label}`}>
            {index > 0 && (
              <li aria-hidden="true" className="breadcrumbs__separator">
                /
              </li>
            )}
            <li>
              {crumb.to === undefined ? (
                <p className="type-body1 breadcrumbs__current">{crumb.label}</p>
              ) : (
                <Link to={crumb.to} className="breadcrumbs__link">
                  {crumb.label}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
