import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findCardLink, chooseOption } from '@/features/gallery/testing/interactions';
import { serveCatalogue } from '@/features/gallery/testing/catalogueServer';
import { renderApp } from '@/test/render';

describe('home page', () => {
  it('shows the latest pictures and the categories with their counts', async () => {
    const seeds = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      title: `Picture ${index + 1}`,
    }));
    serveCatalogue({ seeds });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Artshop' }),
    ).toBeVisible();
    const latest = within(screen.getByRole('region', { name: 'Latest pictures' }));
    expect(await findCardLink('Picture 12')).toHaveAttribute('href', '/gallery/picture/picture-12');
    expect(latest.getAllByRole('article')).toHaveLength(12);

    const categories = within(screen.getByRole('region', { name: 'Categories' }));
    const landscapes = (await categories.findByText('Landscapes')).closest('a');
    expect(landscapes).toHaveAttribute('href', '/gallery/landscapes');
    expect(landscapes).toHaveTextContent('13 pictures');
    expect(categories.getByText('Still life').closest('a')).toHaveTextContent('1 picture');
  });

  it('prices the latest pictures in the chosen currency', async () => {
    const user = userEvent.setup();
    const { latestRequests } = serveCatalogue();
    renderApp('/');
    expect(await findCardLink('Misty Fjord at Dawn')).toHaveTextContent('from €12.30');

    await chooseOption(user, 'Currency', 'JPY');

    expect(await screen.findAllByText('¥2,008')).toHaveLength(3);
    expect(latestRequests.map((params) => params.get('Currency'))).toEqual(['EUR', 'JPY']);
  });
});
