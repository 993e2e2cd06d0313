import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Models } from '../../../lib/api-models';
import { apiFetch } from '../../../lib/api';
import { meQueryKey, type UserPlan } from '../../../lib/auth';

export type Subscription = Models['SubscriptionView'];
export type BillingHistoryItem = Models['InvoiceView'];
export type BillingResult = Models['BillingResultView'];
export type SandboxCard = Models['SandboxCardDto'];
export type SandboxPaymentMethod = Models['SandboxPaymentMethodView'];
export type SandboxPortal = Models['SandboxPortalView'];

export const billingQueryKey = ['billing'] as const;
export const subscriptionQueryKey = ['billing', 'subscription'] as const;
export const billingHistoryQueryKey = ['billing', 'history'] as const;
export const sandboxPortalQueryKey = (session: string) => ['billing', 'sandbox-portal', session] as const;

export const fetchSubscription = () => apiFetch<Subscription | null>('/api/billing/subscription');
export const fetchBillingHistory = () => apiFetch<BillingHistoryItem[]>('/api/billing/history');
export type InvoicePage = Models['InvoicePageView'];
export const invoicePageQueryKey = (offset: number, limit: number) => ['billing', 'invoices', offset, limit] as const;
export const fetchInvoicePage = (offset: number, limit: number) => apiFetch<InvoicePage>(`/api/billing/invoices?offset=${offset}&limit=${limit}`);

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

export const createSubscription = (body: { plan: UserPlan; paymentMethodId: string }) =>
  apiFetch<BillingResult>('/api/billing/create-subscription', { method: 'POST', body });
export const completeSubscription = (subscriptionId: string) =>
  apiFetch<BillingResult>('/api/billing/complete-subscription', { method: 'POST', body: { subscriptionId } });
export const updatePlan = (plan: UserPlan) => apiFetch<BillingResult>('/api/billing/update-plan', { method: 'POST', body: { plan } });
export const createPortalSession = () => apiFetch<{ url?: string }>('/api/billing/portal-session', { method: 'POST' });
export const createSandboxPaymentMethod = (card: SandboxCard) =>
  apiFetch<SandboxPaymentMethod>('/api/billing/sandbox/payment-methods', { method: 'POST', body: card });
export const confirmSandboxPayment = (clientSecret: string) =>
  apiFetch<{ ok: true }>('/api/billing/sandbox/confirm', { method: 'POST', body: { clientSecret } });

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
    queryFn: () => apiFetch<SandboxPortal>(`/api/billing/sandbox/portal?session=${encodeURIComponent(session)}`),
    enabled: Boolean(session),
    retry: false,
  });
}

export function useSandboxPortalAction(session: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: { kind: 'cancel' | 'resume' } | { kind: 'card'; card: SandboxCard }) =>
      apiFetch<SandboxPortal>(`/api/billing/sandbox/portal/${action.kind}`, {
        method: 'POST',
        body: action.kind === 'card' ? { session, ...action.card } : { session },
      }),
    onSuccess: (portal) => {
      queryClient.setQueryData(sandboxPortalQueryKey(session), portal);
      void refresh();
    },
  });
}
