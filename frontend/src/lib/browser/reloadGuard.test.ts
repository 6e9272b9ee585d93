import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS } from '@/config/constants';
import { isChunkLoadError, reloadOnce } from './reloadGuard';

describe('reloadOnce', () => {
  it('reloads, then refuses another reload within the guard window, then allows one after it', () => {
    const reload = vi.fn();
    const start = 1_000_000;

    expect(reloadOnce(reload, start)).toBe(true);
    expect(reloadOnce(reload, start + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(reloadOnce(reload, start + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the guard in session storage', () => {
    reloadOnce(vi.fn(), 42);
    expect(window.sessionStorage.getItem('last-auto-reload')).toBe('42');
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://shop.example/assets/CartPage-x1.js',
    'error loading dynamically imported module: https://shop.example/assets/CartPage-x1.js',
    'Importing a module script failed.',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
