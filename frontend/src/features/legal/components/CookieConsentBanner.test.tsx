import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CookieConsentBanner } from './CookieConsentBanner';

const renderBanner = () =>
  renderWithProviders(
    <MemoryRouter>
      <CookieConsentBanner />
    </MemoryRouter>,
  );

describe('cookie consent banner', () => {
  it('is shown until accepted, and the acceptance is remembered', async () => {
    const user = userEvent.setup();
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Cookies and storage' });
    expect(banner).toHaveTextContent('No tracking or advertising.');

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(screen.queryByRole('region', { name: 'Cookies and storage' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('accepted-privacy')).toBe('true');
  });

  it('stays hidden once accepted', () => {
    window.localStorage.setItem('accepted-privacy', 'true');
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookies and storage' })).not.toBeInTheDocument();
  });
});
