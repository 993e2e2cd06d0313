import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { AuthDialogProvider } from '../features/auth/components/AuthDialog';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AuthDialogProvider>
          <AppRoutes />
        </AuthDialogProvider>
      </BrowserRouter>
    </AppProviders>
  );
}
