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
});
