import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ArrowDropDownIcon } from '@/components/plain/icons';
import { CURRENCIES } from '@/config/constants';
import { currencyChanged, isCurrency, selectCurrency } from '@/lib/preferences/preferencesSlice';
import './CurrencySelect.css';

/**
 * Chooses the display currency; changing it empties the cart (SPEC.md section 4). A native select
 * drawn like a small outlined field: it is in the header of every page, and MUI's Select would
 * bring its menu, popover and modal into the first script every visitor downloads.
 */
export function CurrencySelect() {
  const currency = useAppSelector(selectCurrency);
  const dispatch = useAppDispatch();
  const id = useId();
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
          if (isCurrency(chosen) && chosen !== currency) dispatch(currencyChanged(chosen));
        }}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <ArrowDropDownIcon className="currency-select__arrow" />
    </div>
  );
}
