/** What other parts of the shop (the cart's checkout, the generate page) may use of the balance. */
export { useBalance } from './hooks/useBalance';
