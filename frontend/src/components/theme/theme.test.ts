import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DIALOG_Z_INDEX,
  MENU_CLOSE_DELAY_MS,
  MENU_OPEN_DELAY_MS,
  OVERLAY_Z_INDEX,
  SELECT_MENU_MAX_HEIGHT_PX,
} from '@/config/constants';
import { theme } from './theme';

describe('theme', () => {
  it('puts dialogs on layer 2400 and overlays on layer 2000', () => {
    expect(DIALOG_Z_INDEX).toBe(2400);
    expect(OVERLAY_Z_INDEX).toBe(2000);
    expect(theme.zIndex.modal).toBe(DIALOG_Z_INDEX);
    expect(theme.zIndex.overlay).toBe(OVERLAY_Z_INDEX);
    expect(theme.zIndex.snackbar).toBeGreaterThan(theme.zIndex.modal);
  });

  it('limits select and autocomplete menus to 310 px and times menus 300/250 ms', () => {
    expect(SELECT_MENU_MAX_HEIGHT_PX).toBe(310);
    expect(theme.components?.MuiSelect?.defaultProps?.MenuProps?.slotProps?.paper).toEqual({
      style: { maxHeight: 310 },
    });
    expect(theme.components?.MuiAutocomplete?.styleOverrides?.listbox).toEqual({ maxHeight: 310 });
    expect(theme.components?.MuiMenu?.defaultProps?.transitionDuration).toEqual({
      enter: MENU_OPEN_DELAY_MS,
      exit: MENU_CLOSE_DELAY_MS,
    });
  });

  it('gives the first screen, drawn without MUI, the colours and type of the theme', () => {
    // Read as a file: the test runner leaves CSS imports empty.
    const baseCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'base.css'), 'utf8');
    const variable = (name: string) =>
      new RegExp(`--${name}:\\s*([^;]+);`).exec(baseCss)?.[1]?.replace(/\s+/g, ' ');
    const { palette, typography, zIndex } = theme;
    expect(variable('color-primary')).toBe(palette.primary.main);
    expect(variable('color-primary-dark')).toBe(palette.primary.dark);
    expect(variable('color-secondary')).toBe(palette.secondary.main);
    expect(variable('color-secondary-dark')).toBe(palette.secondary.dark);
    expect(variable('color-background')).toBe(palette.background.default);
    expect(variable('color-paper')).toBe(palette.background.paper);
    expect(variable('color-text')).toBe(palette.text.primary);
    expect(variable('color-text-secondary')).toBe(palette.text.secondary);
    expect(variable('color-divider')).toBe(palette.divider);
    expect(variable('color-action')).toBe(palette.action.active);
    expect(variable('color-action-disabled')).toBe(palette.action.disabled);
    expect(variable('color-action-disabled-background')).toBe(palette.action.disabledBackground);
    expect(variable('color-text-disabled')).toBe(palette.text.disabled);
    expect(variable('color-error')).toBe(palette.error.main);
    expect(variable('color-grey-100')).toBe(palette.grey[100]);
    expect(variable('font-family')).toBe(typography.fontFamily?.replace(/"/g, "'"));
    expect(variable('z-app-bar')).toBe(String(zIndex.appBar));
    expect(variable('z-overlay')).toBe(String(zIndex.overlay));
    expect(variable('z-tooltip')).toBe(String(zIndex.tooltip));
  });
});
