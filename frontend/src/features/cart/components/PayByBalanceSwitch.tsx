import { Check } from '@/components/ui/choices';
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
    <Check
      switch
      name="payByBalance"
      label="Pay from my balance"
      checked={checked}
      onChange={onChange}
      message={description}
    />
  );
}
