import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';

describe('WidgetErrorBoundary', () => {
  it('shows in place of a part that failed, keeps the rest, and tries again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Summary() {
      if (broken) throw new Error('No price in the answer');
      return <p>Free images left today: 2</p>;
    }
    renderWithProviders(
      <>
        <p>The rest of the page</p>
        <WidgetErrorBoundary what="What it costs">
          <Summary />
        </WidgetErrorBoundary>
      </>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('What it costs could not be shown.');
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('What it costs failed', expect.any(Error));

    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    expect(screen.getByText('Free images left today: 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
