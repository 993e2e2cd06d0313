import { LoadError } from '../../components/ui/LoadError';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { toast } from '../../components/ui/toast';
import { errorMessage, isApiError } from '../../lib/api';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { usePublicConfig, type PublicPlan } from '../../config/publicConfig';
import { useAuth } from '../../lib/auth';
import { PageHeader } from '../../components/dashboard/PageHeader';
import { useBillingHistory, usePortalSession, useSubscription, useUpdatePlan } from './api';
import { BillingDashboard } from './components/BillingDashboard';
import { ConfirmPlanChangeDialog } from './components/ConfirmPlanChangeDialog';
import { PaymentView } from './components/PaymentView';
import { NoBillingAccountDialog } from './components/NoBillingAccountDialog';
import { PlanPicker } from './components/PlanPicker';

type View = 'dashboard' | 'plans' | 'payment';

/** /dashboard/billing: three views (dashboard, 'Choose Your Plan', 'Complete Your Upgrade') and the plan-change dialog. */
export default function BillingPage() {
  usePageMeta('Billing', 'Your plan, subscription and billing history.');
  const { user } = useAuth();
  const plan = user?.plan ?? 'free';
  // A plan granted by TimeZone API has no subscription behind it: any plan choice starts a checkout.
  const granted = Boolean(user?.planGranted) && plan !== 'free';
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const config = usePublicConfig();
  const subscription = useSubscription(Boolean(user) && plan !== 'free');
  const history = useBillingHistory();
  const portal = usePortalSession();
  const update = useUpdatePlan();
  const [view, setView] = useState<View>(searchParams.get('view') === 'plans' ? 'plans' : 'dashboard');
  const [target, setTarget] = useState<PublicPlan | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [noBillingAccount, setNoBillingAccount] = useState(false);

  const plans = config.data?.plans ?? [];
  const planInfo = plans.find((p) => p.id === plan);

  const go = (next: View) => {
    setView(next);
    if (searchParams.has('view')) setSearchParams({}, { replace: true });
    window.scrollTo({ top: 0 });
  };

  const choose = (picked: PublicPlan) => {
    setTarget(picked);
    if (plan === 'free' || granted) go('payment');
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
    if (!target) return;
    update.mutate(target.id, {
      onSuccess: (result) => {
        if (!result.success) {
          toast({ title: 'Update Failed', description: result.error || 'Failed to update plan. Please try again.', variant: 'destructive' });
          return;
        }
        setConfirmOpen(false);
        toast({ title: 'Plan Updated!', description: `Successfully upgraded to the ${target.name} plan` });
        go('dashboard');
      },
      onError: (error) =>
        toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update plan. Please try again.'), variant: 'destructive' }),
    });
  };

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => go('dashboard')} color="inherit">
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
      {view === 'dashboard' && (
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
            onUpgrade={() => go('plans')}
            onStartSubscription={() => planInfo && choose(planInfo)}
            onManageBilling={openPortal}
            onUpgradeToEnterprise={() => choose(plans.find((p) => p.id === 'enterprise')!)}
          />
        </>
      )}
      {view === 'plans' && (
        <>
          <Box sx={{ mb: 2 }}>{back}</Box>
          <PageHeader title="Choose Your Plan" subtitle="Upgrade any time; plan changes are prorated and charged immediately." />
          <PlanPicker plans={plans} currentPlan={plan} granted={granted} onChoose={choose} />
        </>
      )}
      {view === 'payment' && target && (
        <>
          <Box sx={{ mb: 2 }}>{back}</Box>
          <PageHeader
            title="Complete Your Upgrade"
            subtitle={
              target.id === plan
                ? `You are subscribing to the ${target.name} plan, which TimeZone API granted you so far.`
                : `You are upgrading to the ${target.name} plan.`
            }
          />
          <PaymentView
            plan={target}
            billing={config.data.billing}
            onCancel={() => go(plan === 'free' ? 'plans' : 'dashboard')}
            onSuccess={() => go('dashboard')}
          />
        </>
      )}
      <NoBillingAccountDialog
        open={noBillingAccount}
        onClose={() => setNoBillingAccount(false)}
        onChoosePlan={() => {
          setNoBillingAccount(false);
          go('plans');
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
