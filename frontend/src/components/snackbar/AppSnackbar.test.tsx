import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_TIMEOUT_MS } from '@/config/constants';
import { renderWithProviders } from '@/test/render';
import { AppSnackbar } from './AppSnackbar';
import { messageShown } from './snackbarSlice';

describe('snackbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message and hides it after 5000 ms', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<AppSnackbar />);

    act(() => {
      store.dispatch(messageShown('Your ticket was sent.', 'success'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your ticket was sent.');

    act(() => {
      vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS - 100);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(100);
    });
    // The closing animation starts once React has rendered the closed state.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
