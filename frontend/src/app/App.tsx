import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { AuthDialogProvider } from '../features/auth/components/AuthDialog';
import { DismissErrorsOnNavigation } from '../components/ui/toast';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <DismissErrorsOnNavigation />
        <AuthDialogProvider>
          <AppRoutes />
        </AuthDialogProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
