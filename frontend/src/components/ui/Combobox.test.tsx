import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Combobox } from './Combobox';

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Cherry'];

function FruitField({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <Combobox<string>
        label="Fruit"
        options={FRUITS}
        value={value}
        onChange={setValue}
        optionLabel={(fruit) => fruit}
        optionKey={(fruit) => fruit}
        filter={(options, typed) =>
          options.filter((fruit) => fruit.toLowerCase().startsWith(typed.toLowerCase()))
        }
        helperText="Pick one"
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('Combobox', () => {
  it('filters as one types, highlights the best match and takes it on Enter', async () => {
    const user = userEvent.setup();
    render(<FruitField />);
    const field = screen.getByRole('combobox', { name: 'Fruit' });
    await user.type(field, 'ap');

    expect(field).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Apple', 'Apricot']);
    expect(field).toHaveAttribute('aria-activedescendant', options[0]?.id);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue('Apricot');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Apricot');
  });

  it('closes on Escape and puts the chosen name back when left', async () => {
    const user = userEvent.setup();
    render(<FruitField initial="Cherry" />);
    const field = screen.getByRole('combobox', { name: 'Fruit' });
    expect(field).toHaveAccessibleDescription('Pick one');
    await user.clear(field);
    await user.type(field, 'b');
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });
});
