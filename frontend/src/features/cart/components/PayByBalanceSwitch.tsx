import { useEffect } from 'react';
import { Check } from '@/components/ui/choices';
import { useBalance } from '@/features/balance';
import { formatMoney } from '@/lib/money/money';

interface PayByBalanceSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  totalMinorUnits: bigint;
}

/**
 * Paying from the balance, with the balance in the display currency next to it. The switch is off
 * and cannot be turned on while the balance does not cover the order (or is not known): the order
 * would only be refused, and the line under it says why.
 */
export function PayByBalanceSwitch({
  checked,
  onChange,
  totalMinorUnits,
}: PayByBalanceSwitchProps) {
  const { balance, isError } = useBalance();
  const covers = balance !== undefined && BigInt(balance.minorUnits) >= totalMinorUnits;
  let description = 'Loading your balance…';
  if (balance !== undefined) {
    description = `Your balance: ${formatMoney(balance)}.`;
    if (!covers) description += ' It does not cover this order, so you pay by card.';
  } else if (isError) {
    description = 'Your balance is unavailable just now, so you pay by card.';
  }

  // The balance went down (or the cart up) after the switch was turned on.
  useEffect(() => {
    if (checked && !covers) onChange(false);
  }, [checked, covers, onChange]);

  return (
    <Check
      switch
      name="payByBalance"
      label="Pay from my balance"
      disabled={!covers}
      checked={checked && covers}
      onChange={onChange}
      message={description}
    />
  );
}
