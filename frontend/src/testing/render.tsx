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

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', me, path = '*' }: { route?: string; me?: User | null; path?: string } = {},
) {
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

/** A fetch stub answering by "METHOD path" with JSON; records the calls. */
export function stubFetch(routes: Record<string, { status?: number; body?: unknown } | ((init?: RequestInit) => { status?: number; body?: unknown })>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${path}`];
    const answer = typeof handler === 'function' ? handler(init) : handler;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer && answer.body !== undefined ? answer.body : answer ? {} : { title: 'Not Found', status: 404 };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

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
};
