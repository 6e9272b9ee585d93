import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { SelectField } from '@/components/ui/fields';
import { CURRENCIES } from '@/config/constants';
import { currencyChanged, isCurrency, selectCurrency } from '@/lib/preferences/preferencesSlice';
import './CurrencySelect.css';

/**
 * Chooses the display currency; changing it empties the cart (SPEC.md section 4). The shop's one
 * select, in the header of every page.
 */
export function CurrencySelect() {
  const currency = useAppSelector(selectCurrency);
  const dispatch = useAppDispatch();
  return (
    <div className="currency-select">
      <SelectField
        label="Currency"
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
      </SelectField>
    </div>
  );
}
