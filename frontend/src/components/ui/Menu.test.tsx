import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem } from './Menu';

describe('Menu', () => {
  it('opens from the keyboard, moves with the arrow keys and runs the chosen entry', async () => {
    const user = userEvent.setup();
    const chosen = vi.fn<(entry: string) => void>();
    render(
      <Menu trigger={<button type="button">Account</button>}>
        <MenuItem onSelect={() => chosen('settings')}>Settings</MenuItem>
        <MenuItem onSelect={() => chosen('log out')}>Log out</MenuItem>
      </Menu>,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');

    expect(chosen).toHaveBeenCalledWith('log out');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape without running anything', async () => {
    const user = userEvent.setup();
    const chosen = vi.fn<() => void>();
    render(
      <Menu trigger={<button type="button">Account</button>}>
        <MenuItem onSelect={chosen}>Settings</MenuItem>
      </Menu>,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chosen).not.toHaveBeenCalled();
  });
});
