import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
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
  return (
    <Dialog
      open={open}
      onClose={() => dispatch(consentSettingsClosed())}
      aria-labelledby="cookie-settings-title"
      // Saved from the banner, the button that opened the dialog has gone with the banner.
      slotProps={{ transition: { onExited: keepFocusOnPage } }}
    >
      <CookieSettingsForm />
    </Dialog>
  );
}

/** Mounted afresh each time the dialog opens, starting from the stored choice. */
function CookieSettingsForm() {
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
      <DialogTitle id="cookie-settings-title">Cookie settings</DialogTitle>
      <DialogContent>
        <FormGroup>
          {CONSENT_CATEGORIES.map((category) => (
            <div key={category}>
              <FormControlLabel
                label={CATEGORY_TEXT[category].label}
                control={
                  <Checkbox
                    name={category}
                    checked={category === 'essential' || granted.includes(category)}
                    disabled={category === 'essential'}
                    onChange={(event) => toggle(category, event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': `cookie-${category}-description` } }}
                  />
                }
              />
              <FormHelperText id={`cookie-${category}-description`} sx={{ mt: -0.5, mb: 1.5 }}>
                {CATEGORY_TEXT[category].description}
              </FormHelperText>
            </div>
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => dispatch(consentSettingsClosed())}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save my choices
        </Button>
      </DialogActions>
    </>
  );
}
