import { act, render, screen } from '@testing-library/react';
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

  it('gives the focus back to its button when closed on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Menu trigger={<button type="button">Account</button>}>
        <MenuItem>Settings</MenuItem>
      </Menu>,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('leaves the focus where a page opened from it put it meanwhile', async () => {
    const user = userEvent.setup();
    // As a link does: the next page takes the focus (its heading, a field) while the menu is
    // still closing, not inside the select handler.
    const openThePage = () =>
      setTimeout(() => screen.getByRole('textbox', { name: 'Search' }).focus(), 0);
    render(
      <>
        <Menu trigger={<button type="button">Account</button>}>
          <MenuItem onSelect={openThePage}>Search the gallery</MenuItem>
        </Menu>
        <label>
          Search <input />
        </label>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Search the gallery' }));
    // The page's focus, then the menu's focus scope handing the focus back: both are tasks.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});
