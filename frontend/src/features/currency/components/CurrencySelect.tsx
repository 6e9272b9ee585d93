import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { CURRENCIES } from '@/config/constants';
import { currencyChanged, isCurrency, selectCurrency } from '@/lib/preferences/preferencesSlice';

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
    <Box sx={{ position: 'relative', minWidth: 96, color: 'text.primary' }}>
      <Box
        component="label"
        htmlFor={id}
        sx={{
          position: 'absolute',
          top: 0,
          left: 10,
          transform: 'translateY(-50%)',
          px: 0.5,
          bgcolor: 'background.paper',
          color: 'text.secondary',
          typography: 'caption',
          lineHeight: 1,
          pointerEvents: 'none',
        }}
      >
        Currency
      </Box>
      <Box
        component="select"
        id={id}
        value={currency}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isCurrency(chosen) && chosen !== currency) dispatch(currencyChanged(chosen));
        }}
        sx={{
          appearance: 'none',
          width: '100%',
          m: 0,
          py: '8.5px',
          pl: '14px',
          pr: 4,
          font: 'inherit',
          typography: 'body1',
          color: 'inherit',
          bgcolor: 'transparent',
          border: 1,
          borderColor: 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          cursor: 'pointer',
          '&:hover': { borderColor: 'text.primary' },
          '&:focus-visible': {
            outline: 'none',
            borderColor: 'primary.main',
            boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
          },
        }}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Box>
      <ArrowDropDown
        aria-hidden
        sx={{
          position: 'absolute',
          right: 7,
          top: '50%',
          transform: 'translateY(-50%)',
          color: 'action.active',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
