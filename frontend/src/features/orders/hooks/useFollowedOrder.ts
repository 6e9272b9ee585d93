import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { itemsBought } from '@/lib/cart/cartSlice';
import { usePaymentPolling } from '@/hooks/usePaymentPolling';
import { isApiError } from '@/lib/api/apiError';
import { ordersApi, useGetOrderQuery } from '../api/ordersApi';

/**
 * The order the customer came back to from the payment page, asked for again until it is paid or
 * failed (the provider's webhook arrives a moment after the return). Once it is paid, its
 * pictures leave the cart.
 */
export function useFollowedOrder(id: number | null, cancelled: boolean) {
  const arg = id ?? skipToken;
  const { data: known } = ordersApi.endpoints.getOrder.useQueryState(arg);
  const { pollingInterval, gaveUp } = usePaymentPolling(known?.status, id !== null && !cancelled);
  const { data: order, error } = useGetOrderQuery(arg, { pollingInterval });
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (order?.status === 'Paid') {
      dispatch(itemsBought(order.lines.map((line) => line.offerAttributeId)));
    }
  }, [dispatch, order]);

  return { order, gaveUp, notFound: isApiError(error) && error.status === 404 };
}
