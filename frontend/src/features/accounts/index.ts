/** What other parts of the shop (the checkouts of the cart and the balance, contact) may use of accounts. */
export { useProfileQuery } from './api/accountsApi';
export type { Profile } from './api/types';
export { WithProfile } from './components/WithProfile';
export { useSaveAsBilling } from './hooks/useSaveAsBilling';
export type { LoginPageState } from './loginPageState';
