import { useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ArrowDropDownIcon } from '@/components/plain/icons';
import { CURRENCIES, type Currency } from '@/config/constants';
import { selectCartCount } from '@/lib/cart/cartSlice';
import { currencyChanged, isCurrency, selectCurrency } from '@/lib/preferences/preferencesSlice';
import './CurrencySelect.css';

/**
 * Chooses the display currency; changing it empties the cart (SPEC.md section 4), so with something
 * in the cart it asks first. A native select drawn like a small outlined field: it is in the header
 * of every page, and MUI's Select would bring its menu, popover and modal into the first script
 * every visitor downloads.
 */
export function CurrencySelect() {
  const currency = useAppSelector(selectCurrency);
  const cartCount = useAppSelector(selectCartCount);
  const dispatch = useAppDispatch();
  const id = useId();
  // The currency chosen while the cart was not empty, until the customer answers.
  const [asked, setAsked] = useState<Currency | null>(null);

  const choose = (chosen: Currency) => {
    if (cartCount > 0) setAsked(chosen);
    else dispatch(currencyChanged(chosen));
  };

  return (
    <div className="currency-select">
      <label htmlFor={id} className="currency-select__label">
        Currency
      </label>
      <select
        id={id}
        className="currency-select__field"
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
      </select>
      <ArrowDropDownIcon className="currency-select__arrow" />
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
    </div>
  );
}
