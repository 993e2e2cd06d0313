import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/auth';

export type Subscription = Models['SubscriptionView'];
export type BillingHistoryItem = Models['InvoiceView'];
export type BillingResult = Models['BillingResultView'];
export type SandboxCard = Models['SandboxCardDto'];
export type SandboxPaymentMethod = Models['SandboxPaymentMethodView'];
export type SandboxPortal = Models['SandboxPortalView'];
/** A plan one can subscribe or change to: the paid ones (Free is reached by cancelling). */
export type PaidPlan = Models['UpdatePlanDto']['plan'];

export const billingQueryKey = ['billing'] as const;
export const subscriptionQueryKey = ['billing', 'subscription'] as const;
export const billingHistoryQueryKey = ['billing', 'history'] as const;
export const sandboxPortalQueryKey = (session: string) => ['billing', 'sandbox-portal', session] as const;

export const fetchSubscription = () => api.get('/api/billing/subscription');
export const fetchBillingHistory = () => api.get('/api/billing/history');
export type InvoicePage = Models['InvoicePageView'];
export const invoicePageQueryKey = (offset: number, limit: number) => ['billing', 'invoices', offset, limit] as const;
export const fetchInvoicePage = (offset: number, limit: number) => api.get('/api/billing/invoices', { params: { query: { offset, limit } } });

/** Spec 7: fetched only for signed-in non-free users, no retry. */
export function useSubscription(enabled: boolean) {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: fetchSubscription, enabled, retry: false });
}

/** "View All History": every invoice, a page at a time. */
export function useInvoicePage(offset: number, limit: number, enabled: boolean) {
  return useQuery({ queryKey: invoicePageQueryKey(offset, limit), queryFn: () => fetchInvoicePage(offset, limit), enabled, retry: false });
}

export function useBillingHistory() {
  return useQuery({ queryKey: billingHistoryQueryKey, queryFn: fetchBillingHistory, retry: false });
}

export const createSubscription = (body: Models['CreateSubscriptionDto']) => api.post('/api/billing/create-subscription', { body });
export const completeSubscription = (subscriptionId: string) => api.post('/api/billing/complete-subscription', { body: { subscriptionId } });
export const updatePlan = (plan: PaidPlan) => api.post('/api/billing/update-plan', { body: { plan } });
export const createPortalSession = () => api.post('/api/billing/portal-session');
export const createSandboxPaymentMethod = (card: SandboxCard) => api.post('/api/billing/sandbox/payment-methods', { body: card });
export const confirmSandboxPayment = (clientSecret: string) => api.post('/api/billing/sandbox/confirm', { body: { clientSecret } });

/** After a payment or plan change: the user (plan), subscription, history and dashboard numbers are re-read. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
      queryClient.invalidateQueries({ queryKey: billingHistoryQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useUpdatePlan() {
  const refresh = useRefreshBilling();
  return useMutation({ mutationFn: updatePlan, onSuccess: (result) => (result.success ? refresh() : undefined) });
}

export function usePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}

export function useSandboxPortal(session: string) {
  return useQuery({
    queryKey: sandboxPortalQueryKey(session),
    queryFn: () => api.get('/api/billing/sandbox/portal', { params: { query: { session } } }),
    enabled: Boolean(session),
    retry: false,
  });
}

export function useSandboxPortalAction(session: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: { kind: 'cancel' | 'resume' } | { kind: 'card'; card: SandboxCard }) =>
      action.kind === 'card'
        ? api.post('/api/billing/sandbox/portal/card', { body: { session, ...action.card } })
        : action.kind === 'cancel'
          ? api.post('/api/billing/sandbox/portal/cancel', { body: { session } })
          : api.post('/api/billing/sandbox/portal/resume', { body: { session } }),
    onSuccess: (portal) => {
      queryClient.setQueryData(sandboxPortalQueryKey(session), portal);
      void refresh();
    },
  });
}
