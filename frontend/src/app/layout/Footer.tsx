import { Link as RouterLink } from 'react-router';
import { consentSettingsOpened } from '@/lib/consent/consentSlice';
import { useAppDispatch } from '../hooks';
import { LEGAL_LINKS } from './navigation';
import './layout.css';

export function Footer() {
  const dispatch = useAppDispatch();
  return (
    <footer className="app-footer">
      <div className="container container--lg">
        <div className="app-footer__row">
          <p className="type-body2 app-footer__copyright">© {new Date().getFullYear()} Artshop</p>
          <nav aria-label="Legal" className="app-footer__nav">
            {LEGAL_LINKS.map((link) => (
              <RouterLink key={link.to} to={link.to} className="text-link type-body2">
                {link.label}
              </RouterLink>
            ))}
            <RouterLink to="/contact" className="text-link type-body2">
              Contact
            </RouterLink>
            {/* Changes the cookie choice made in the banner (SPEC.md section 3). */}
            <button
              type="button"
              className="text-link type-body2"
              onClick={() => dispatch(consentSettingsOpened())}
            >
              Cookie settings
            </button>
          </nav>
        </div>
      </div>
    </footer>
  );
}
