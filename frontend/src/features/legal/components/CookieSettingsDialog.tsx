import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/Button';
import { Check } from '@/components/ui/choices';
import { Dialog } from '@/components/ui/Dialog';
import { keepFocusOnPage } from '@/lib/browser/focus';
import {
  consentChoice,
  CONSENT_CATEGORIES,
  type ConsentCategory,
  type OptionalConsentCategory,
} from '@/lib/consent/consent';
import {
  consentChosen,
  consentSettingsClosed,
  selectConsentChoice,
  selectConsentSettingsOpen,
} from '@/lib/consent/consentSlice';

const CATEGORY_TEXT: Record<ConsentCategory, { label: string; description: string }> = {
  essential: {
    label: 'Essential',
    description:
      'Your sign-in, your cart, your currency and this choice. The shop cannot work without them.',
  },
  preferences: {
    label: 'Preferences',
    description: 'Remembers your language in the locale cookie for 365 days.',
  },
  statistics: {
    label: 'Statistics',
    description: 'Anonymous counts of visits that help us improve the shop. None are kept today.',
  },
};

/** A choice per cookie category, opened from the banner's "Choose" or the footer's "Cookie settings". */
export function CookieSettingsDialog() {
  const open = useAppSelector(selectConsentSettingsOpen);
  const dispatch = useAppDispatch();
  const close = () => dispatch(consentSettingsClosed());
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Cookie settings"
      // Saved from the banner, the button that opened the dialog has gone with the banner.
      onClosed={keepFocusOnPage}
    >
      {open && <CookieSettingsForm onCancel={close} />}
    </Dialog>
  );
}

/** Mounted afresh each time the dialog opens, starting from the stored choice. */
function CookieSettingsForm({ onCancel }: { onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const choice = useAppSelector(selectConsentChoice);
  const [granted, setGranted] = useState<ConsentCategory[]>(() => choice?.granted ?? ['essential']);

  const toggle = (category: ConsentCategory, checked: boolean) =>
    setGranted((current) =>
      checked ? [...current, category] : current.filter((item) => item !== category),
    );

  const save = () => {
    const optional = granted.filter(
      (category): category is OptionalConsentCategory => category !== 'essential',
    );
    dispatch(consentChosen(consentChoice(optional)));
  };

  return (
    <>
      {CONSENT_CATEGORIES.map((category) => (
        <Check
          key={category}
          name={category}
          label={CATEGORY_TEXT[category].label}
          message={CATEGORY_TEXT[category].description}
          checked={category === 'essential' || granted.includes(category)}
          disabled={category === 'essential'}
          onChange={(checked) => toggle(category, checked)}
        />
      ))}
      <div className="dialog__actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save my choices
        </Button>
      </div>
    </>
  );
}
