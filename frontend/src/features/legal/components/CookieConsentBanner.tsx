import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { buttonClass } from '@/components/ui/buttonClass';
import { focusPageHeading } from '@/lib/browser/focus';
import { consentChoice, OPTIONAL_CONSENT_CATEGORIES } from '@/lib/consent/consent';
import {
  consentChosen,
  consentSettingsOpened,
  selectConsentChoice,
} from '@/lib/consent/consentSlice';
import './CookieConsentBanner.css';

const outlined = buttonClass({ variant: 'outlined' });

/**
 * Asks once which cookie categories the visitor allows (SPEC.md section 3); until then only what
 * is essential is stored. The footer's "Cookie settings" changes the choice later.
 */
export function CookieConsentBanner() {
  const choice = useAppSelector(selectConsentChoice);
  const dispatch = useAppDispatch();
  if (choice !== null) return null;

  // The banner and the button that had the focus go away: the page takes the focus.
  const decide = (granted: typeof OPTIONAL_CONSENT_CATEGORIES) => {
    dispatch(consentChosen(consentChoice(granted)));
    focusPageHeading();
  };

  return (
    <div role="region" aria-label="Cookies and storage" className="cookie-banner">
      <div className="cookie-banner__row">
        <p className="type-body2 cookie-banner__text">
          Artshop keeps your sign-in, cart and currency in your browser because the shop needs them.
          With your consent it also remembers your language. No tracking or advertising. Details are
          in our{' '}
          <RouterLink to="/privacy-policy#storage" className="text-link">
            privacy policy
          </RouterLink>
          .
        </p>
        <div className="cookie-banner__actions">
          <button
            type="button"
            className={outlined}
            onClick={() => dispatch(consentSettingsOpened())}
          >
            Choose
          </button>
          <button type="button" className={outlined} onClick={() => decide([])}>
            Reject all
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'contained' })}
            onClick={() => decide(OPTIONAL_CONSENT_CATEGORIES)}
          >
            Accept all
          </button>
        </div>
      </div>
    </div>
  );
}
