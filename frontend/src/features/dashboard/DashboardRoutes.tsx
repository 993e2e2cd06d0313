import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DashboardLayout } from '../../components/layouts/DashboardLayout';
import { useAuth } from '../auth/api';
import { NotFoundPage } from '../../app/NotFoundPage';
import { OverviewPage } from './components/OverviewPage';
import { BillingUnavailable } from './components/BillingUnavailable';
import { useUnauthorizedRedirect } from './useUnauthorizedRedirect';

const named = <T extends Record<string, unknown>>(loader: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await loader())[name] as ComponentType }));

const ApiKeysPage = named(() => import('../keys/components/ApiKeysPage'), 'ApiKeysPage');
const UsagePage = named(() => import('../usage/components/UsagePage'), 'UsagePage');
const ProfilePage = named(() => import('../profile/components/ProfilePage'), 'ProfilePage');
const PlaygroundPage = named(() => import('../playground/components/PlaygroundPage'), 'PlaygroundPage');

/*
 * The billing pages belong to the billing feature (default exports). They are looked up with a glob so the
 * dashboard builds before those files land; once they exist, Vite bundles them as lazy chunks.
 */
const billingModules = import.meta.glob<{ default: ComponentType }>(['../billing/BillingPage.tsx', '../billing/SandboxPortalPage.tsx']);
const billingPage = (file: string) => {
  const load = billingModules[`../billing/${file}`];
  return load ? lazy(load) : BillingUnavailable;
};
const BillingPage = billingPage('BillingPage.tsx');
const SandboxPortalPage = billingPage('SandboxPortalPage.tsx');

/** `/dashboard/*` for a signed-in customer (DashboardGate has already sent others away). */
export default function DashboardRoutes() {
  const { user } = useAuth();
  useUnauthorizedRedirect();
  if (!user) return null;
  return (
    <Routes>
      <Route element={<DashboardLayout user={user} />}>
        <Route index element={<OverviewPage user={user} />} />
        <Route path="api-keys" element={<ApiKeysPage />} />
        <Route path="docs" element={<PlaygroundPage />} />
        <Route path="usage" element={<UsagePage />} />
        <Route path="billing" element={<BillingPage />} />
        <Route path="billing/portal" element={<SandboxPortalPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
