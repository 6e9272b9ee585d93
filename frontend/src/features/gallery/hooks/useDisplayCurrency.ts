import { useAppSelector } from '@/app/hooks';
import { selectCurrency } from '@/lib/preferences/preferencesSlice';

/** The currency prices are shown in; every catalogue call is made with it. */
export function useDisplayCurrency() {
  return useAppSelector(selectCurrency);
}
