import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { adminApi } from '../api/adminApi';
import {
  staffSessionEnded,
  staffSessionSlice,
  staffSignedIn,
  staffSignedOut,
  storeStaffToken,
} from '../api/staffSession';

const adminReducer = combineSlices(adminApi, staffSessionSlice);

export type AdminState = ReturnType<typeof adminReducer>;

/** Keeps `staff-session` in step with the store, as the shop's persistence does for its tokens. */
function createStaffSessionPersistence() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: staffSignedIn,
    effect: ({ payload }, listenerApi) => {
      storeStaffToken(payload);
      // A new member must not see what was cached for the one before.
      listenerApi.dispatch(adminApi.util.resetApiState());
    },
  });
  for (const ended of [staffSignedOut, staffSessionEnded]) {
    listener.startListening({ actionCreator: ended, effect: () => storeStaffToken(null) });
  }
  return listener.middleware;
}

/**
 * The back office's own store, made when /admin is first opened: its API slice and its session
 * never meet the shop's.
 */
export function setupAdminStore() {
  return configureStore({
    reducer: adminReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(createStaffSessionPersistence()).concat(adminApi.middleware),
  });
}

export type AdminStore = ReturnType<typeof setupAdminStore>;
