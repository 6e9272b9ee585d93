import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from './Toast';

describe('Toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is announced as an alert and closes itself after its time', () => {
    const closed = vi.fn();
    render(
      <Toast severity="success" duration={5000} onClose={closed}>
        Saved.
      </Toast>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Saved.');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(closed).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('waits while the pointer is on it, and closes with its button', () => {
    const closed = vi.fn();
    render(
      <Toast severity="info" duration={5000} onClose={closed}>
        Read me.
      </Toast>,
    );
    fireEvent.pointerEnter(screen.getByText('Read me.'));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(closed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
