import { createContext, useContext } from 'react';

/** Provided by the app's router (AppRouter): whether the next page is on its way. */
export const NavigationPending = createContext(false);

/**
 * True from a click on a link until the next page is shown, i.e. while its code loads: the page
 * being left stays on screen meanwhile.
 */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}
