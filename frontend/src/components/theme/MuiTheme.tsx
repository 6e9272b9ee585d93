import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * The shop's theme for the MUI components below. Only parts loaded later need it (themedLazy):
 * the first screen is drawn without MUI, and the baseline CssBaseline would set is base.css.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
