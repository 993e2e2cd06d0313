import { BrowserRouter, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { AuthDialogProvider } from '../features/auth/components/AuthDialog';
import { DismissErrorsOnNavigation } from '../components/ui/toast';
import { PageErrorBoundary } from '../components/ui/PageError';
import { paths } from '../config/paths';

/** The last line behind the layouts' own boundaries: a gate's or a layout's failure (a console chunk) is a page too. */
function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname} wayBack={{ href: paths.home, label: 'Go to Homepage' }} landmark>
      {children}
    </PageErrorBoundary>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <DismissErrorsOnNavigation />
        <AppErrorBoundary>
          <AuthDialogProvider>
            <AppRoutes />
          </AuthDialogProvider>
        </AppErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
