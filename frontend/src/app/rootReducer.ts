import { combineSlices } from '@reduxjs/toolkit';
import { snackbarSlice } from '@/components/snackbar/snackbarSlice';
import { api } from '@/lib/api/api';
import { cartSlice } from '@/lib/cart/cartSlice';
import { consentSlice } from '@/lib/consent/consentSlice';
import { preferencesSlice } from '@/lib/preferences/preferencesSlice';
import { sessionSlice } from '@/lib/session/sessionSlice';

// Apart from the store so that its middleware can know the state's type without importing the
// store that installs it.
export const rootReducer = combineSlices(
  api,
  sessionSlice,
  preferencesSlice,
  cartSlice,
  snackbarSlice,
  consentSlice,
);

export type RootState = ReturnType<typeof rootReducer>;
