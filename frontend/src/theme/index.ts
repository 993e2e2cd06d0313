import { createTheme, responsiveFontSizes, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { PaletteOptions } from '@mui/material/styles';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/** The colour scheme's stored choice ('light', 'dark' or 'system'); public/color-scheme.js reads the same key before the app loads. */
export const COLOR_MODE_STORAGE_KEY = 'tzapi-color-mode';
/** The <html> attribute that carries the applied scheme: `<html data-color-scheme="dark">`. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

const lightPalette: PaletteOptions = {
  primary: { main: '#1d4ed8', light: '#3b82f6', dark: '#1e3a8a', contrastText: '#ffffff' },
  secondary: { main: '#7c3aed', contrastText: '#ffffff' },
  success: { main: '#15803d' },
  warning: { main: '#b45309' },
  error: { main: '#b91c1c' },
  info: { main: '#0369a1' },
  background: { default: '#f8fafc', paper: '#ffffff' },
  text: { primary: '#0f172a', secondary: '#475569' },
  divider: '#e2e8f0',
};

const darkSurface = { default: '#0b1120', paper: '#111a2e', text: '#e2e8f0', divider: '#26324a' };

const darkPalette: PaletteOptions = {
  primary: { main: '#93c5fd', light: '#bfdbfe', dark: '#3b82f6', contrastText: '#0f172a' },
  secondary: { main: '#c4b5fd', contrastText: '#0f172a' },
  // `dark` is the filled background (filled alerts, hovered buttons) under dark text: kept at 4.5:1 or more.
  success: { main: '#4ade80', dark: '#22c55e' },
  warning: { main: '#fbbf24', dark: '#f59e0b' },
  error: { main: '#f87171', dark: '#ef4444' },
  info: { main: '#38bdf8', dark: '#0ea5e9' },
  background: { default: darkSurface.default, paper: darkSurface.paper },
  text: { primary: darkSurface.text, secondary: '#a3b1c6' },
  divider: darkSurface.divider,
};

/**
 * The keyboard focus ring: a CSS variable so that dark surfaces (hero, footer, code blocks) can switch it to a
 * colour that stands out on them (`onDarkSurface`). 3 px, offset, at least 3:1 against its background.
 */
const FOCUS_RING = 'var(--tz-focus-ring)';
const focusRingColors = { light: '#1d4ed8', dark: '#93c5fd' } as const;
/** The brand band behind page heroes and calls to action: dark in both schemes, white text on it. */
export const brandGradient = 'linear-gradient(135deg, #0f172a 0%, #1e3a8a 55%, #1d4ed8 100%)';
/** Spread into the sx of an always-dark section so that focus rings and links stay visible on it. */
export const onDarkSurface = { '--tz-focus-ring': focusRingColors.dark } as const;

const interFontFace = {
  fontFamily: 'Inter',
  fontStyle: 'normal',
  fontDisplay: 'swap',
  fontWeight: '100 900',
  src: `url(${interLatin}) format('woff2')`,
  unicodeRange:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
};

/** Everything but the colours: shared by the app's theme and the admin console's light and dark themes. */
const themeBase: ThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, fontSize: '3rem', letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, fontSize: '2.25rem', letterSpacing: '-0.01em' },
    h3: { fontWeight: 700, fontSize: '1.75rem' },
    h4: { fontWeight: 700, fontSize: '1.4rem' },
    h5: { fontWeight: 700, fontSize: '1.2rem' },
    h6: { fontWeight: 700, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        '@font-face': interFontFace,
        // `html` raises the rule above a component's own `outline: 0` (ButtonBase); text fields show focus with their border.
        'html :focus-visible:not(.MuiInputBase-input), html .Mui-focusVisible': {
          outline: `3px solid ${FOCUS_RING}`,
          outlineOffset: 2,
        },
        // Rows of menus and lists sit flush against their container, which would clip an outer ring.
        'html .MuiMenuItem-root.Mui-focusVisible, html .MuiListItemButton-root.Mui-focusVisible, html .MuiTab-root.Mui-focusVisible, html .MuiTableRow-root:focus-visible':
          { outlineOffset: -3 },
        // The console's dates stay on one line (a phone would break "Nov 23, 2026, 6:27 AM" mid-way).
        '.RaSimpleList-tertiary, .RaDatagrid-rowCell.column-createdAt, .RaDatagrid-rowCell.column-lastUsedAt': { whiteSpace: 'nowrap' },
      },
    },
    // Subtitles are not headings (MUI maps them to h6, which breaks the page's heading outline).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // Dark mode's Paper lightens with elevation by a white overlay; one flat surface colour reads better here.
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  },
};

/**
 * One theme for the public site and the customer dashboard, in light and dark: CSS variables, the scheme applied
 * through the `data-color-scheme` attribute on <html>, following `prefers-color-scheme` until the visitor picks one.
 */
export const theme = responsiveFontSizes(
  createTheme({
    ...themeBase,
    cssVariables: { colorSchemeSelector: `[${COLOR_SCHEME_ATTRIBUTE}="%s"]` },
    colorSchemes: { light: { palette: lightPalette }, dark: { palette: darkPalette } },
    components: {
      ...themeBase.components,
      MuiCssBaseline: {
        styleOverrides: {
          ...(themeBase.components?.MuiCssBaseline?.styleOverrides as object),
          ':root': { '--tz-focus-ring': focusRingColors.light },
          [`[${COLOR_SCHEME_ATTRIBUTE}="dark"]`]: { '--tz-focus-ring': focusRingColors.dark },
        },
      },
    },
  }),
);

/** The admin console's themes (react-admin creates its own MUI theme from plain options, one per mode). */
export function adminThemeOptions(mode: 'light' | 'dark'): ThemeOptions {
  return {
    ...themeBase,
    palette: { mode, ...(mode === 'dark' ? darkPalette : lightPalette) },
    components: {
      ...themeBase.components,
      MuiCssBaseline: {
        styleOverrides: {
          ...(themeBase.components?.MuiCssBaseline?.styleOverrides as object),
          ':root': { '--tz-focus-ring': focusRingColors[mode] },
        },
      },
      // In dark mode the console's blue app bar would be light blue: a dark bar with a divider reads better.
      ...(mode === 'dark' && {
        MuiAppBar: {
          ...themeBase.components?.MuiAppBar,
          styleOverrides: { colorPrimary: { backgroundColor: darkSurface.paper, color: darkSurface.text, borderBottom: `1px solid ${darkSurface.divider}` } },
        },
      }),
    },
  };
}

/** Colours of HTTP method badges: GET green, POST blue, others by convention (white text on each, in both schemes). */
export const methodColors: Record<string, string> = {
  GET: '#15803d',
  POST: '#1d4ed8',
  PUT: '#b45309',
  PATCH: '#7c3aed',
  DELETE: '#b91c1c',
};

/** The same colours for a method named in text (no badge): lighter shades in the dark scheme, for contrast. */
const methodTextColorsDark: Record<string, string> = { GET: '#4ade80', POST: '#93c5fd', PUT: '#fbbf24', PATCH: '#c4b5fd', DELETE: '#f87171' };
export const methodTextSx = (method: string) => (theme: Theme) => ({
  color: methodColors[method] ?? (theme.vars ?? theme).palette.text.primary,
  ...theme.applyStyles('dark', { color: methodTextColorsDark[method] ?? (theme.vars ?? theme).palette.text.primary }),
});

export const monoFont = 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';
