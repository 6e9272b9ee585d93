import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_PATH } from './paths';

interface State {
  failed: boolean;
}

/**
 * Last line of defence for errors outside the routes (providers, the router itself). The routes
 * have their own boundary; this one can only leave the broken tree by loading the error page.
 */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Fatal application error', error, info.componentStack);
    if (window.location.pathname !== ERROR_PATH) window.location.replace(ERROR_PATH);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return window.location.pathname === ERROR_PATH ? (
      <p>
        Something went wrong. <a href="/">Go to the home page</a>
      </p>
    ) : (
      <p>Redirecting...</p>
    );
  }
}
