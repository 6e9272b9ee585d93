import { createListenerMiddleware } from '@reduxjs/toolkit';
import { messageShown } from '@/components/snackbar/snackbarSlice';
import { cartSlice, selectCartCount, type CartState } from '@/lib/cart/cartSlice';
import { api } from '@/lib/api/api';
import { syncLocaleCookie } from '@/lib/browser/localeCookie';
import { storeConsentChoice } from '@/lib/consent/consent';
import { consentChosen } from '@/lib/consent/consentSlice';
import { currencyChanged } from '@/lib/preferences/preferencesSlice';
import {
  selectAccessToken,
  sessionExpired,
  signedOut,
  tokensReceived,
} from '@/lib/session/sessionSlice';
import { clearStoredTokens, storeTokens } from '@/lib/session/tokenStorage';
import { removeItem, STORAGE_KEYS, writeItem, writeJson } from '@/lib/storage/storage';
import type { RootState } from './rootReducer';

/**
 * Keeps browser storage in step with the store. Reducers stay pure; writing to storage is a side
 * effect of the actions that change what is stored.
 */
export function createPersistenceMiddleware() {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening.withTypes<RootState>();

  startListening({
    actionCreator: tokensReceived,
    effect: ({ payload }, listenerApi) => {
      storeTokens(payload);
      // A new sign-in (not a refresh) must not see answers cached for whoever was here before.
      if (selectAccessToken(listenerApi.getOriginalState()) === null) {
        listenerApi.dispatch(api.util.resetApiState());
      }
    },
  });

  startListening({
    actionCreator: signedOut,
    effect: (_action, listenerApi) => {
      clearStoredTokens();
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  // The cache is not reset here: the calls that just failed still have to report their errors
  // through it. The next sign-in resets it.
  startListening({
    actionCreator: sessionExpired,
    effect: () => clearStoredTokens(),
  });

  startListening({
    actionCreator: currencyChanged,
    effect: ({ payload }, listenerApi) => {
      writeItem('local', STORAGE_KEYS.currency, payload);
      if (selectCartCount(listenerApi.getOriginalState()) > 0) {
        listenerApi.dispatch(
          messageShown(`Prices are now shown in ${payload}; your cart was emptied.`, 'info'),
        );
      }
    },
  });

  // A refused category also takes back what it had stored before.
  startListening({
    actionCreator: consentChosen,
    effect: ({ payload }) => {
      storeConsentChoice(payload);
      syncLocaleCookie();
    },
  });

  startListening({
    predicate: (_action, current, previous) => current.cart !== previous.cart,
    effect: (_action, listenerApi) => storeCart(listenerApi.getState()[cartSlice.reducerPath]),
  });

  return listener.middleware;
}

function storeCart(cart: CartState): void {
  if (cart.items.length === 0) removeItem('local', STORAGE_KEYS.cart);
  else writeJson('local', STORAGE_KEYS.cart, cart.items);
  if (cart.giftCard === null) removeItem('local', STORAGE_KEYS.giftCard);
  else writeJson('local', STORAGE_KEYS.giftCard, cart.giftCard);
}
