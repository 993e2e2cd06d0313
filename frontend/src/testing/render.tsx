import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders, createAppQueryClient } from '../app/providers';
import { AuthDialogProvider } from '../features/auth/components/AuthDialog';
import { meQueryKey, type User } from '../lib/auth';
import { resetToasts } from '../components/ui/toast';

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderWithProviders(ui: ReactElement, { route = '/', me, path = '*' }: { route?: string; me?: User | null; path?: string } = {}) {
  resetToasts();
  const queryClient = createAppQueryClient();
  if (me !== undefined) queryClient.setQueryData(meQueryKey, me);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AuthDialogProvider>
          <Routes>
            <Route path={path} element={children} />
          </Routes>
          <LocationProbe />
        </AuthDialogProvider>
      </MemoryRouter>
    </AppProviders>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper }) };
}

export { serveApi } from './api';

export const sampleUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  plan: 'free',
  planGranted: false,
  role: 'user',
  isBlocked: false,
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  profileImageUrl: null,
  hasPassword: true,
  totpEnabled: false,
  limits: { hourlyQuota: 100, burstPerSecond: null, custom: false },
  quotaAlerts: true,
  changeNotices: true,
  closedAt: null,
  displayZone: null,
};
