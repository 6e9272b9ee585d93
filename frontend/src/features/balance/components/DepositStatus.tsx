import { PaymentStatusAlert } from '@/components/PaymentStatusAlert';
import { Alert } from '@/components/ui/Alert';
import { usePaymentPolling } from '@/hooks/usePaymentPolling';
import { isApiError } from '@/lib/api/apiError';
import { formatMoney } from '@/lib/money/money';
import { balanceApi, useGetDepositQuery } from '../api/balanceApi';

interface DepositStatusProps {
  id: number;
  cancelled: boolean;
}

/**
 * The deposit the customer came back to from the payment page, asked for again until it is
 * settled; the balance is fetched again once it is paid (see balanceApi).
 */
export function DepositStatus({ id, cancelled }: DepositStatusProps) {
  const { data: known } = balanceApi.endpoints.getDeposit.useQueryState(id);
  const { pollingInterval, gaveUp } = usePaymentPolling(known?.status, !cancelled);
  const { data: deposit, error } = useGetDepositQuery(id, { pollingInterval });
  if (isApiError(error) && error.status === 404) {
    return (
      <Alert severity="error" className="mb-3">
        Deposit #{id} was not found.
      </Alert>
    );
  }
  const amount = deposit === undefined ? 'The amount' : formatMoney(deposit.amount);
  return (
    <PaymentStatusAlert
      status={deposit?.status}
      cancelled={cancelled}
      gaveUp={gaveUp}
      texts={{ paid: `${amount} has been added to your balance.`, notPaid: 'Nothing was charged.' }}
    />
  );
}
