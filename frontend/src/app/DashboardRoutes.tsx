import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Permission } from '@tzapi/shared/org-roles';
import { Route, Routes } from 'react-router-dom';
import { DashboardLayout } from '../components/layouts/DashboardLayout';
import { useAuth } from '../lib/auth';
import { NotFoundPage } from './NotFoundPage';
import { OverviewPage } from '../features/dashboard/components/OverviewPage';
import { ChangeNoticeBanner } from '../features/notices/components/ChangeNoticeBanner';
import { useUnauthorizedRedirect } from './useUnauthorizedRedirect';
import { NeedsPermission } from '../components/dashboard/NeedsPermission';
import { OrganizationSwitcher } from '../features/team/components/OrganizationSwitcher';

const named = <T extends Record<string, unknown>>(loader: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await loader())[name] as ComponentType }));

const ApiKeysPage = named(() => import('../features/keys/components/ApiKeysPage'), 'ApiKeysPage');
const UsagePage = named(() => import('../features/usage/components/UsagePage'), 'UsagePage');
const RequestsPage = named(() => import('../features/usage/components/RequestsPage'), 'RequestsPage');
const ProfilePage = named(() => import('../features/profile/components/ProfilePage'), 'ProfilePage');
const WebhooksPage = named(() => import('../features/webhooks/components/WebhooksPage'), 'WebhooksPage');
const WebhookEndpointPage = named(() => import('../features/webhooks/components/WebhookEndpointPage'), 'WebhookEndpointPage');
const NoticesPage = named(() => import('../features/notices/components/NoticesPage'), 'NoticesPage');
const TeamPage = named(() => import('../features/team/components/TeamPage'), 'TeamPage');
const PlaygroundPage = named(() => import('../features/playground/components/PlaygroundPage'), 'PlaygroundPage');

// The billing feature's pages (default exports), lazy like the rest of the account area.
const BillingPage = lazy(() => import('../features/billing/BillingPage'));
const SandboxPortalPage = lazy(() => import('../features/billing/SandboxPortalPage'));

const guarded = (permission: Permission, what: string, page: ReactNode) => (
  <NeedsPermission permission={permission} what={what}>
    {page}
  </NeedsPermission>
);

/** `/dashboard/*` for a signed-in customer: the account area's routes, each a feature's page (DashboardGate has already sent others away). */
export default function DashboardRoutes() {
  const { user } = useAuth();
  useUnauthorizedRedirect();
  if (!user) return null;
  return (
    <Routes>
      <Route
        element={
          <DashboardLayout user={user} banner={<ChangeNoticeBanner />} organization={(onNavigate) => <OrganizationSwitcher onNavigate={onNavigate} />} />
        }
      >
        <Route index element={<OverviewPage user={user} />} />
        <Route path="api-keys" element={guarded('keys.read', 'API keys', <ApiKeysPage />)} />
        <Route path="docs" element={<PlaygroundPage />} />
        <Route path="usage" element={guarded('usage.read', 'usage', <UsagePage />)} />
        <Route path="requests" element={guarded('usage.read', 'requests', <RequestsPage />)} />
        <Route path="webhooks" element={guarded('webhooks.read', 'webhooks', <WebhooksPage />)} />
        <Route path="webhooks/:id" element={guarded('webhooks.read', 'webhooks', <WebhookEndpointPage />)} />
        <Route path="notices" element={guarded('notices.read', 'change notices', <NoticesPage />)} />
        <Route path="team" element={<TeamPage />} />
        <Route path="billing/*" element={guarded('billing.read', 'billing', <BillingPage />)} />
        <Route path="billing/portal" element={guarded('billing.read', 'billing', <SandboxPortalPage />)} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
