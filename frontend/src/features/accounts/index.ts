/** What other parts of the shop (the checkouts of the cart and the balance) may use of accounts. */
export { useProfileQuery } from './api/accountsApi';
export type { Profile } from './api/types';
export { AccountForm, SubmitButton } from './components/AccountForm';
export { billingDetailsOf, type BillingDetails } from './billingDetails';
export { BillingAddressFields, NameFields, PayerFields } from './components/BillingFields';
export { WithProfile } from './components/WithProfile';
export { useAccountForm } from './hooks/useAccountForm';
export { useSaveAsBilling } from './hooks/useSaveAsBilling';
export type { LoginPageState } from './loginPageState';
