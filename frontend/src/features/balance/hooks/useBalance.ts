import { useAppSelector } from '@/app/hooks';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';
import { useGetBalanceQuery } from '../api/balanceApi';

/**
 * The balance in the display currency. After a failed lookup it is empty (SPEC.md section 4):
 * the cache still holds the last figure, but that may no longer be true, so it is never shown.
 */
export function useBalance() {
  const currency = useAppSelector(selectCurrency);
  const { currentData, isError, isFetching, refetch } = useGetBalanceQuery(currency);
  const balance = isError ? undefined : currentData;
  return { balance, isLoading: balance === undefined && !isError, isError, isFetching, refetch };
}
