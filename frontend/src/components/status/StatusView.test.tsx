import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '@/components/theme/theme';
import { renderWithProviders } from '@/test/render';
import { StatusView } from './StatusView';

describe('StatusView', () => {
  it('shows its code and detail in the secondary text colour, its message in the primary', () => {
    renderWithProviders(
      <MemoryRouter>
        <StatusView code="404" title="Not found" message="Nothing here" detail="It moved." />
      </MemoryRouter>,
    );
    const colour = (text: string) => getComputedStyle(screen.getByText(text)).color;
    const secondary = colour('It moved.');
    expect(secondary).toBe(colour('404'));
    expect(secondary).not.toBe(colour('Nothing here'));
    // jsdom spells the theme's rgba(0, 0, 0, 0.6) as it was written, without spaces or with.
    expect(secondary.replace(/\s/g, '')).toBe(theme.palette.text.secondary.replace(/\s/g, ''));
  });
});
