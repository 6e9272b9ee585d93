import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { ROLE_LABELS } from '../../api/types';
import { useStaffMe } from '../../api/sessionApi';
import { screensFor } from '../../paths';

/** The back office's home: the screens the member's role opens, as cards. */
export default function AdminHomePage() {
  const me = useStaffMe();
  if (me === undefined) return null;
  const screens = screensFor(me.permissions);
  return (
    <Page title="Back office">
      <p className="mb-3">
        Signed in as {me.email}, {ROLE_LABELS[me.role]}.
      </p>
      {screens.length === 0 ? (
        <p>There is no screen for your role here yet.</p>
      ) : (
        <ul className="plain-list admin-screens" aria-label="Screens">
          {screens.map((screen) => (
            <li key={screen.path} className="card">
              <Link to={screen.path} className="card__action">
                <div className="card__content">
                  <h2 className="type-h6">{screen.label}</h2>
                  <p className="text-secondary">{screen.description}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
