/** What other parts of the shop (the cart's checkout) may use of the balance. */
export { useGetBalanceQuery } from './api/balanceApi';
