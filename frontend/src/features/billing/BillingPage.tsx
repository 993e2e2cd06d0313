import { LoadError } from '../../components/ui/LoadError';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { toast } from '../../components/ui/toast';
import { errorMessage, isApiError } from '../../lib/api';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { usePublicConfig, type PublicPlan } from '../../config/publicConfig';
import { useAuth } from '../../lib/auth';
import { billingCheckoutPath, paths } from '../../config/paths';
import { PageHeader } from '../../components/dashboard/PageHeader';
import { useBillingHistory, usePortalSession, useSubscription, useUpdatePlan } from './api';
import { BillingDashboard } from './components/BillingDashboard';
import { ConfirmPlanChangeDialog } from './components/ConfirmPlanChangeDialog';
import { PaymentView } from './components/PaymentView';
import { NoBillingAccountDialog } from './components/NoBillingAccountDialog';
import { PlanPicker } from './components/PlanPicker';

type View = 'dashboard' | 'plans' | 'payment';

/** Which view the address names: /dashboard/billing, …/plans, …/checkout/<plan> (card form), …/checkout/<plan>/confirm (3-D Secure). */
function readAddress(pathname: string, search: URLSearchParams): { view: View; planId: string | null; confirmStep: boolean } {
  const rest = pathname.startsWith(paths.dashboard.billing) ? pathname.slice(paths.dashboard.billing.length).replace(/\/+$/, '') : '';
  if (rest === '/plans' || (rest === '' && search.get('view') === 'plans')) return { view: 'plans', planId: null, confirmStep: false };
  const checkout = /^\/checkout\/([^/]+)(\/confirm)?$/.exec(rest);
  if (checkout) return { view: 'payment', planId: decodeURIComponent(checkout[1]), confirmStep: Boolean(checkout[2]) };
  return { view: 'dashboard', planId: null, confirmStep: false };
}

/**
 * /dashboard/billing: three views (dashboard, 'Choose Your Plan', 'Complete Your Upgrade') and the plan-change dialog.
 * Each view and checkout step has its own address, so Back and Forward move between them and a reload keeps the step
 * and the chosen plan (never the card: the form starts empty again).
 */
export default function BillingPage() {
  usePageMeta('Billing', 'Your plan, subscription and billing history.');
  const { user } = useAuth();
  const plan = user?.plan ?? 'free';
  // A plan granted by TimeZone API has no subscription behind it: any plan choice starts a checkout.
  const granted = Boolean(user?.planGranted) && plan !== 'free';
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const config = usePublicConfig();
  const subscription = useSubscription(Boolean(user) && plan !== 'free');
  const history = useBillingHistory();
  const portal = usePortalSession();
  const update = useUpdatePlan();
  const [target, setTarget] = useState<PublicPlan | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [noBillingAccount, setNoBillingAccount] = useState(false);

  const plans = config.data?.plans ?? [];
  const planInfo = plans.find((p) => p.id === plan);
  const address = readAddress(location.pathname, searchParams);
  const checkoutPlan = address.view === 'payment' ? plans.find((p) => p.id === address.planId) : undefined;
  // A checkout this account can start: a paid plan, from free or a granted plan (a paid subscriber changes plan in the dialog).
  const canCheckOut = Boolean(checkoutPlan && checkoutPlan.priceMonthly > 0 && (plan === 'free' || granted) && (granted || checkoutPlan.id !== plan));
  const misplaced = address.view === 'payment' && config.isSuccess && !canCheckOut;

  useEffect(() => {
    // The old ?view=plans link, and a checkout that no longer applies (already paid, unknown plan): the fitting view instead.
    if (location.pathname === paths.dashboard.billing && searchParams.get('view') === 'plans') navigate(paths.dashboard.billingPlans, { replace: true });
    else if (misplaced) navigate(plan === 'free' || granted ? paths.dashboard.billingPlans : paths.dashboard.billing, { replace: true });
  }, [location.pathname, searchParams, misplaced, plan, granted, navigate]);

  const go = (next: string, options?: { replace?: boolean }) => {
    navigate(next, options);
    window.scrollTo({ top: 0 });
  };

  const choose = (picked: PublicPlan) => {
    setTarget(picked);
    if (plan === 'free' || granted) go(billingCheckoutPath(picked.id));
    else setConfirmOpen(true);
  };

  const openPortal = () => {
    portal.mutate(undefined, {
      onSuccess: (result) => {
        if (!result?.url) {
          toast({ title: 'Billing Portal Unavailable', description: 'No portal URL received', variant: 'destructive' });
          return;
        }
        const url = new URL(result.url, window.location.origin);
        if (url.origin === window.location.origin) navigate(url.pathname + url.search);
        else window.location.assign(result.url);
      },
      onError: (error) => {
        // Nothing to manage yet (a granted plan, never paid for): explain and offer the way to start paying.
        if (isApiError(error) && error.problem.code === 'no_billing_account') setNoBillingAccount(true);
        else
          toast({
            title: 'Billing Portal Unavailable',
            description: errorMessage(error, 'Failed to open billing portal. Please try again.'),
            variant: 'destructive',
          });
      },
    });
  };

  const confirmChange = () => {
    // A change goes to a paid plan (UpdatePlanDto); Free is reached by cancelling in the portal.
    if (!target || target.id === 'free') return;
    update.mutate(target.id, {
      onSuccess: (result) => {
        if (!result.success) {
          toast({ title: 'Update Failed', description: result.error || 'Failed to update plan. Please try again.', variant: 'destructive' });
          return;
        }
        setConfirmOpen(false);
        toast({ title: 'Plan Updated!', description: `Successfully upgraded to the ${target.name} plan` });
        go(paths.dashboard.billing);
      },
      onError: (error) =>
        toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update plan. Please try again.'), variant: 'destructive' }),
    });
  };

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => go(paths.dashboard.billing)} color="inherit">
      Back to Dashboard
    </Button>
  );

  if (config.isPending) {
    return (
      <>
        <PageHeader title="Billing & Subscription" />
        <Skeleton variant="rounded" height={160} />
      </>
    );
  }
  if (config.isError) {
    return (
      <>
        <PageHeader title="Billing & Subscription" />
        <LoadError what="your billing settings" error={config.error} onRetry={() => config.refetch()} retrying={config.isFetching} />
      </>
    );
  }

  return (
    <Box>
      {address.view === 'dashboard' && (
        <>
          <PageHeader title="Billing & Subscription" subtitle="Your plan, subscription and invoices." />
          <BillingDashboard
            plan={plan}
            granted={granted}
            limits={user?.limits}
            planInfo={planInfo}
            subscription={subscription.data}
            subscriptionLoading={subscription.isPending && subscription.fetchStatus !== 'idle'}
            history={history.data}
            historyLoading={history.isPending}
            historyError={history.isError ? { error: history.error, retry: () => history.refetch(), retrying: history.isFetching } : null}
            portalBusy={portal.isPending}
            onUpgrade={() => go(paths.dashboard.billingPlans)}
            onStartSubscription={() => planInfo && choose(planInfo)}
            onManageBilling={openPortal}
            onUpgradeToEnterprise={() => choose(plans.find((p) => p.id === 'enterprise')!)}
          />
        </>
      )}
      {address.view === 'plans' && (
        <>
          <Box sx={{ mb: 2 }}>{back}</Box>
          <PageHeader title="Choose Your Plan" subtitle="Upgrade any time; plan changes are prorated and charged immediately." />
          <PlanPicker plans={plans} currentPlan={plan} granted={granted} onChoose={choose} />
        </>
      )}
      {address.view === 'payment' && checkoutPlan && canCheckOut && (
        <>
          <Box sx={{ mb: 2 }}>{back}</Box>
          <PageHeader
            title="Complete Your Upgrade"
            subtitle={
              checkoutPlan.id === plan
                ? `You are subscribing to the ${checkoutPlan.name} plan, which TimeZone API granted you so far.`
                : `You are upgrading to the ${checkoutPlan.name} plan.`
            }
          />
          <PaymentView
            key={checkoutPlan.id}
            plan={checkoutPlan}
            billing={config.data.billing}
            confirmStep={address.confirmStep}
            onConfirmStep={(open) => {
              // The 3-D Secure step gets its own entry; once it settles the browser goes back to the card form's entry.
              if (open) navigate(billingCheckoutPath(checkoutPlan.id, 'confirm'), { state: { pushedBy: 'checkout' } });
              else if ((location.state as { pushedBy?: string } | null)?.pushedBy === 'checkout') navigate(-1);
              else navigate(billingCheckoutPath(checkoutPlan.id), { replace: true });
            }}
            onCancel={() => go(plan === 'free' ? paths.dashboard.billingPlans : paths.dashboard.billing)}
            onSuccess={() => go(paths.dashboard.billing, { replace: true })}
          />
        </>
      )}
      <NoBillingAccountDialog
        open={noBillingAccount}
        onClose={() => setNoBillingAccount(false)}
        onChoosePlan={() => {
          setNoBillingAccount(false);
          go(paths.dashboard.billingPlans);
        }}
      />
      <ConfirmPlanChangeDialog
        open={confirmOpen}
        from={plan}
        to={target}
        busy={update.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmChange}
      />
    </Box>
  );
}
