import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** A new value (the address) renders the children again after a failure. */
  resetKey?: unknown;
  /** What shows in place of the children that threw; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

interface ErrorBoundaryState {
  resetKey: unknown;
  caught: { error: unknown } | null;
}

/** Catches what its children throw while rendering, and shows the fallback in their place. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { resetKey: this.props.resetKey, caught: null };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(
    { resetKey }: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return Object.is(resetKey, state.resetKey) ? null : { resetKey, caught: null };
  }

  private readonly retry = () => this.setState({ caught: null });

  override render() {
    const { caught } = this.state;
    return caught === null ? this.props.children : this.props.fallback(caught.error, this.retry);
  }
}
