/** What other parts of the shop (the cart's checkout, the generate page) may use of the balance. */
export { useGetBalanceQuery } from './api/balanceApi';
export { useBalance } from './hooks/useBalance';
