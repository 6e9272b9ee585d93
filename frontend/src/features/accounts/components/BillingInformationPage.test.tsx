import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render';
import type { Profile } from '../api/types';
import {
  answerPost,
  holdPost,
  PROFILE,
  serveProfile,
  validationFailed,
} from '../testing/accountsServer';
import { fill } from '@/test/fill';

const UPDATE_BILLING = '/api/accounts/update-billing';

async function openBilling(profile: Profile = PROFILE) {
  signIn();
  serveProfile(profile);
  const view = renderApp('/billing-information');
  await screen.findByRole('form', { name: 'Billing information' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const saveButton = () => screen.getByRole('button', { name: 'Save billing information' });

describe('billing information page', () => {
  it('fills the form from the profile, showing the country by its name', async () => {
    await openBilling();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    expect(screen.getByLabelText('State, province or region (optional)')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');
    expect(screen.getByLabelText('Address')).toHaveValue('Torstraße 1');
    expect(screen.getByLabelText('ZIP or postal code')).toHaveValue('10119');
  });

  it('saves a country picked by name as its code', async () => {
    const { bodies, release } = holdPost(UPDATE_BILLING, () =>
      HttpResponse.json({ ...PROFILE, billing: { ...PROFILE.billing, country: 'NO' } }),
    );
    const { user } = await openBilling();
    const country = screen.getByRole('combobox', { name: 'Country' });
    await user.clear(country);
    await user.type(country, 'norw');
    await user.click(await screen.findByRole('option', { name: 'Norway' }));
    expect(country).toHaveValue('Norway');
    await fill(user, screen.getByLabelText('State, province or region (optional)'), 'Oslo');
    const button = saveButton();
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your billing information has been saved.',
    );
    expect(bodies).toEqual([{ ...PROFILE.billing, country: 'NO', state: 'Oslo' }]);
  });

  it('lists every country by name, alphabetically', async () => {
    const { user } = await openBilling({
      ...PROFILE,
      billing: { ...PROFILE.billing, country: '' },
    });
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    // The header's search has a list of its own.
    const options = within(await screen.findByRole('listbox', { name: 'Country' })).getAllByRole(
      'option',
    );
    expect(options).toHaveLength(249);
    expect(options.slice(0, 3).map((option) => option.textContent)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
    ]);
  });

  it('starts empty for a customer without billing details and shows their errors', async () => {
    const empty = { country: '', state: '', city: '', address1: '', zipCode: '' };
    const bodies = answerPost(UPDATE_BILLING, () =>
      validationFailed({
        country: ['Choose a country.'],
        city: ['Enter your city.'],
        address1: ['Enter your address.'],
        zipCode: ['Enter your ZIP or postal code.'],
      }),
    );
    const { user } = await openBilling({ ...PROFILE, billing: empty });
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('');
    await user.click(saveButton());

    await waitFor(() => expect(country).toHaveAccessibleDescription('Choose a country.'));
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Enter your city.');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Enter your address.');
    expect(screen.getByLabelText('ZIP or postal code')).toHaveAccessibleDescription(
      'Enter your ZIP or postal code.',
    );
    expect(bodies).toEqual([empty]);

    await user.type(country, 'germ');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    expect(country).not.toHaveAccessibleDescription('Choose a country.');
  });
});
