import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router';

/** The address history the app navigates: the browser's, or one in memory for tests. */
export type AppHistory = ReturnType<typeof createBrowserHistory>;

export function browserHistory(): AppHistory {
  return createBrowserHistory({ v5Compat: true });
}

export function memoryHistory(path: string): AppHistory {
  return createMemoryHistory({ initialEntries: [path], v5Compat: true });
}
