import { createTheme, responsiveFontSizes } from '@mui/material/styles';

/** One theme for the public site, the customer dashboard and the admin console. */
const base = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d4ed8', light: '#3b82f6', dark: '#1e3a8a', contrastText: '#ffffff' },
    secondary: { main: '#7c3aed', contrastText: '#ffffff' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    info: { main: '#0369a1' },
    background: { default: '#f8fafc', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, fontSize: '3rem', letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, fontSize: '2.25rem', letterSpacing: '-0.01em' },
    h3: { fontWeight: 700, fontSize: '1.75rem' },
    h4: { fontWeight: 700, fontSize: '1.4rem' },
    h5: { fontWeight: 700, fontSize: '1.2rem' },
    h6: { fontWeight: 700, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});

export const theme = responsiveFontSizes(base);

/** Colours of HTTP method badges: GET green, POST blue, others by convention. */
export const methodColors: Record<string, string> = {
  GET: '#15803d',
  POST: '#1d4ed8',
  PUT: '#b45309',
  PATCH: '#7c3aed',
  DELETE: '#b91c1c',
};

export const monoFont =
  'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';
