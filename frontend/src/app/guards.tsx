import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { signOutReason, useAuth } from '../lib/auth';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { toast } from '../components/ui/toast';
import { loginWithReturnTo, paths, roleLanding, safeReturnTo } from '../config/paths';

const DashboardRoutes = lazy(() => import('./DashboardRoutes'));
const AdminApp = lazy(() => import('../admin/AdminApp'));
const TotpEnrolment = lazy(() => import('../admin/enrolment/TotpEnrolment'));

/**
 * `/`, `/login`, `/reset-password`, `/verify-email-confirmation`: a signed-in user goes to their landing. While the
 * session is being checked the page itself shows (most visitors are signed out: no spinner before the landing page).
 */
export function SignedOutOnly() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  if (user) {
    const returnTo = safeReturnTo(searchParams.get('returnTo'));
    return <Navigate to={returnTo ?? roleLanding(user)} replace />;
  }
  return <Outlet />;
}

/**
 * `/dashboard/*`: signed out → /login?returnTo=<path>, with `&error=expired|blocked` when the server said why the
 * session this browser held stopped; super admin → /admin.
 */
export function DashboardGate() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner minHeight="100vh" />;
  if (!user) return <Navigate to={loginWithReturnTo(location.pathname + location.search, signOutReason())} replace />;
  if (user.role === 'super_admin') return <Navigate to={paths.admin.root} replace />;
  return (
    <Suspense fallback={<FullPageSpinner minHeight="100vh" />}>
      <DashboardRoutes />
    </Suspense>
  );
}

export const ADMIN_REDIRECT_DELAY_MS = 500;

/**
 * `/admin/*`: super admins only; others get a toast and go to /dashboard after 0.5 s. A super admin without
 * two-factor sign-in sees only the enrolment step.
 */
export function AdminGate() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const forbidden = status === 'authenticated' && user?.role !== 'super_admin';

  useEffect(() => {
    if (!forbidden) return;
    toast({ title: 'Unauthorized', description: 'Super admin access required', variant: 'destructive' });
    const timer = setTimeout(() => navigate(paths.dashboard.root, { replace: true }), ADMIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [forbidden, navigate]);

  if (status === 'loading' || forbidden) return <FullPageSpinner minHeight="100vh" />;
  if (!user) return <Navigate to={paths.login} replace />;
  return <Suspense fallback={<FullPageSpinner minHeight="100vh" />}>{user.totpEnabled ? <AdminApp /> : <TotpEnrolment />}</Suspense>;
}
