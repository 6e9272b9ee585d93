import { lazy, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { SelectField } from '@/components/ui/fields';
import { CURRENCIES, type Currency } from '@/config/constants';
import { selectCartCount } from '@/lib/cart/cartSlice';
import { currencyChanged, isCurrency, selectCurrency } from '@/lib/preferences/preferencesSlice';
import './CurrencySelect.css';

// The question is loaded when first asked: the header is on every first screen, the dialog rarely.
const ConfirmDialog = lazy(() =>
  import('@/components/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * Chooses the display currency; changing it empties the cart (SPEC.md section 4), so with something
 * in the cart it asks first. The shop's one select, in the header of every page.
 */
export function CurrencySelect() {
  const currency = useAppSelector(selectCurrency);
  const cartCount = useAppSelector(selectCartCount);
  const dispatch = useAppDispatch();
  // The currency chosen while the cart was not empty, until the customer answers.
  const [asked, setAsked] = useState<Currency | null>(null);

  const choose = (chosen: Currency) => {
    if (cartCount > 0) setAsked(chosen);
    else dispatch(currencyChanged(chosen));
  };

  return (
    <div className="currency-select">
      <SelectField
        label="Currency"
        value={currency}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isCurrency(chosen) && chosen !== currency) choose(chosen);
        }}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <LoadWhenOpened open={asked !== null}>
        <ConfirmDialog
          open={asked !== null}
          title={`Show prices in ${asked ?? ''}?`}
          confirmLabel="Change and empty the cart"
          cancelLabel={`Keep ${currency}`}
          onConfirm={() => {
            if (asked !== null) dispatch(currencyChanged(asked));
            setAsked(null);
          }}
          onCancel={() => setAsked(null)}
        >
          <p>
            Your cart ({cartCount} {cartCount === 1 ? 'item' : 'items'}) is priced in {currency}.
            Changing the currency empties it; you can add the pictures again in {asked ?? ''}.
          </p>
        </ConfirmDialog>
      </LoadWhenOpened>
    </div>
  );
}
