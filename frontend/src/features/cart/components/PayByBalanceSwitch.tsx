import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useBalance } from '@/features/balance';
import { formatMoney } from '@/lib/money/money';

interface PayByBalanceSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  totalMinorUnits: bigint;
}

/** Paying from the balance, with the balance in the display currency next to it. */
export function PayByBalanceSwitch({
  checked,
  onChange,
  totalMinorUnits,
}: PayByBalanceSwitchProps) {
  const { balance, isError } = useBalance();
  const descriptionId = useId();
  let description = 'Loading your balance…';
  if (balance !== undefined) {
    description = `Your balance: ${formatMoney(balance)}.`;
    if (BigInt(balance.minorUnits) < totalMinorUnits) {
      description += ' It does not cover this order.';
    }
  } else if (isError) {
    description = 'Your balance is unavailable just now.';
  }
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name="payByBalance"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label="Pay from my balance"
      />
      <FormHelperText id={descriptionId} sx={{ mt: 0 }}>
        {description}
      </FormHelperText>
    </Box>
  );
}
