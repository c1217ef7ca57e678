import { createTheme, type Theme } from '@mui/material/styles';

/** The two themes of the spec; blueCyanTheme is the default and the choice is remembered. */
export type ThemeName = 'blueCyanTheme' | 'greyTheme';
export const THEME_KEY = 'erpTheme';
export const THEME_NAMES: ThemeName[] = ['blueCyanTheme', 'greyTheme'];

const shared = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none' as const, fontWeight: 600 },
  },
  components: {
    // plain links inside pages follow the theme's primary colour
    MuiCssBaseline: { styleOverrides: (t: Theme) => ({ 'main a:not([class])': { color: t.palette.primary.main } }) },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid rgba(15, 40, 80, 0.08)' } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // Small titles (h6, subtitle) are section headings inside a page: level two, so a page's
    // outline never jumps from h1 or h2 to h6 (axe heading-order).
    MuiTypography: { defaultProps: { variantMapping: { h6: 'h2', subtitle1: 'h2', subtitle2: 'h2' } } },
  },
};

const OPTIONS: Record<ThemeName, Parameters<typeof createTheme>[0]> = {
  blueCyanTheme: {
    ...shared,
    palette: {
      mode: 'light',
      primary: { main: '#1656c2', dark: '#0d3c8c', light: '#4f83e0', contrastText: '#fff' },
      secondary: { main: '#00a3c4', dark: '#007a94', light: '#4fd1ea', contrastText: '#fff' },
      background: { default: '#f3f7fc', paper: '#ffffff' },
      // darker than MUI's defaults so small text in these colours reads at 4.5:1 on white
      warning: { main: '#b45309', contrastText: '#fff' },
      info: { main: '#0267a8', contrastText: '#fff' },
    },
  },
  greyTheme: {
    ...shared,
    palette: {
      mode: 'light',
      primary: { main: '#37474f', dark: '#263238', light: '#62727b', contrastText: '#fff' },
      secondary: { main: '#78909c', dark: '#546e7a', light: '#a7c0cd', contrastText: '#fff' },
      background: { default: '#f2f3f5', paper: '#ffffff' },
    },
  },
};

const made: Partial<Record<ThemeName, Theme>> = {};
/** The theme of that name, made the first time it is asked for: a visit pays only for the one it shows. */
export const themeFor = (name: ThemeName): Theme => (made[name] ??= createTheme(OPTIONS[name]));

export function storedThemeName(): ThemeName {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(THEME_KEY) : null;
  return v === 'greyTheme' ? 'greyTheme' : 'blueCyanTheme';
}
