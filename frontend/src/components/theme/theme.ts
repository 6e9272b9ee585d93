import { createTheme } from '@mui/material/styles';
import {
  DIALOG_Z_INDEX,
  MENU_CLOSE_DELAY_MS,
  MENU_OPEN_DELAY_MS,
  OVERLAY_Z_INDEX,
  SELECT_MENU_MAX_HEIGHT_PX,
} from '@/config/constants';

declare module '@mui/material/styles' {
  interface ZIndex {
    /** Full-page blocking overlays (e.g. while an order is placed), below dialogs. */
    overlay: number;
  }
  interface ZIndexOptions {
    overlay?: number;
  }
}

const selectMenuPaper = { style: { maxHeight: SELECT_MENU_MAX_HEIGHT_PX } };

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#3d2c8d' },
    secondary: { main: '#c2185b' },
    background: { default: '#faf9fc' },
  },
  typography: {
    // System fonts: no web-font download and nothing for the CSP to allow.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
  zIndex: {
    overlay: OVERLAY_Z_INDEX,
    // Dialogs, menus and popovers are MUI modals: they share the dialog layer.
    modal: DIALOG_Z_INDEX,
    // Messages and tooltips stay readable above an open dialog.
    snackbar: DIALOG_Z_INDEX + 100,
    tooltip: DIALOG_Z_INDEX + 200,
  },
  components: {
    MuiMenu: {
      defaultProps: {
        transitionDuration: { enter: MENU_OPEN_DELAY_MS, exit: MENU_CLOSE_DELAY_MS },
      },
    },
    MuiSelect: {
      defaultProps: { MenuProps: { slotProps: { paper: selectMenuPaper } } },
    },
    MuiAutocomplete: {
      styleOverrides: { listbox: { maxHeight: SELECT_MENU_MAX_HEIGHT_PX } },
    },
  },
});
