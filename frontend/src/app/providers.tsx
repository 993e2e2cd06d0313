import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { COLOR_MODE_STORAGE_KEY, theme } from '../theme';
import { ColorModeProvider } from '../components/ui/color-mode';
import { Toaster } from '../components/ui/toast';

/** Spec section 7: no automatic retry, data never goes stale, no refetch on focus, no polling. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

const defaultClient = createAppQueryClient();

export function AppProviders({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={COLOR_MODE_STORAGE_KEY} disableTransitionOnChange>
        <CssBaseline enableColorScheme />
        <ColorModeProvider>
          {children}
          <Toaster />
        </ColorModeProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
