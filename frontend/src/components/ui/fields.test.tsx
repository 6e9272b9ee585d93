import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Check } from './choices';
import { SelectField, TextField } from './fields';

describe('fields', () => {
  it('name a text field by its label and describe it by its message, marked invalid on error', () => {
    render(<TextField label="E-mail" value="" error helperText="Enter an e-mail address." />);
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    expect(field).toHaveAccessibleDescription('Enter an e-mail address.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('let the keyboard choose in a select', async () => {
    function Sort() {
      const [value, setValue] = useState('new');
      return (
        <SelectField
          label="Sort by"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="new">Newest</option>
          <option value="cheap">Cheapest</option>
        </SelectField>
      );
    }
    const user = userEvent.setup();
    render(<Sort />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(select, 'Cheapest');
    expect(select).toHaveDisplayValue('Cheapest');
  });

  it('give a switch the switch role, with its message as description', async () => {
    function Balance() {
      const [on, setOn] = useState(false);
      return (
        <Check switch label="Pay from my balance" checked={on} onChange={setOn} message="Enough." />
      );
    }
    const user = userEvent.setup();
    render(<Balance />);
    const toggle = screen.getByRole('switch', { name: 'Pay from my balance' });
    expect(toggle).toHaveAccessibleDescription('Enough.');
    await user.click(toggle);
    expect(toggle).toBeChecked();
  });
});
