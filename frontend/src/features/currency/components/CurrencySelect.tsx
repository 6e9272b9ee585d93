import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { CURRENCIES } from '@/config/constants';
import { currencyChanged, isCurrency, selectCurrency } from '@/lib/preferences/preferencesSlice';

/** Chooses the display currency; changing it empties the cart (SPEC.md section 4). */
export function CurrencySelect() {
  const currency = useAppSelector(selectCurrency);
  const dispatch = useAppDispatch();
  return (
    <TextField
      select
      size="small"
      label="Currency"
      value={currency}
      onChange={(event) => {
        const chosen = event.target.value;
        if (isCurrency(chosen) && chosen !== currency) dispatch(currencyChanged(chosen));
      }}
      sx={{ minWidth: 96 }}
    >
      {CURRENCIES.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
}
