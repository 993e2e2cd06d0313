import { useMutation } from '@tanstack/react-query';
import { errorMessage, isUnauthorized } from '../../lib/api';
import type { UserPlan } from '../../lib/auth';
import { completeSubscription, createSubscription, useRefreshBilling, type BillingResult } from './api';

/** What a card form offers the upgrade flow: a payment method id, and the 3-D Secure step when asked. */
export interface CardCollector {
  createPaymentMethod(): Promise<string>;
  confirmPayment(clientSecret: string): Promise<void>;
  /** Gives up a confirmation still waiting for the user (they left its step), when the form can. */
  abandonConfirmation?(): void;
}

/** Spec 8's 'Payment confirmation failed', with why (the provider's reason when it gave one) and what to do next. */
export function confirmationFailed(reason?: string): string {
  const why = reason?.trim().replace(/\.$/, '') || 'your bank did not confirm the payment';
  return `Payment confirmation failed: ${why}. Nothing was charged. Pay again to retry the confirmation, or use another card.`;
}

export const CONFIRMATION_FAILED = confirmationFailed();

export type UpgradePhase = 'idle' | 'creating' | 'confirming' | 'completing';

/** A failure the user sees as it is (spec 8 payment messages). */
export class PaymentFlowError extends Error {}

async function step<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUnauthorized(error)) throw error; // the dashboard's 401 handler takes over
    throw new PaymentFlowError(errorMessage(error, fallback));
  }
}

/**
 * Spec 4: create a payment method, create the subscription; if the payment requires action, confirm it and
 * call complete-subscription; otherwise it succeeded at once.
 */
export async function runUpgrade(plan: UserPlan, collector: CardCollector, onPhase: (phase: UpgradePhase) => void): Promise<BillingResult> {
  // The API subscribes to paid plans only (CreateSubscriptionDto): Free is reached by cancelling, never paid for.
  if (plan === 'free') throw new PaymentFlowError('Choose a paid plan to subscribe to.');
  onPhase('creating');
  const paymentMethodId = await step(() => collector.createPaymentMethod(), 'Failed to create payment method');
  const result = await step(() => createSubscription({ plan, paymentMethodId }), 'Failed to create subscription');
  if (result.payment?.requiresAction && result.payment.clientSecret) {
    onPhase('confirming');
    try {
      await collector.confirmPayment(result.payment.clientSecret);
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      // A collector's PaymentFlowError carries the provider's reason; anything else (a network failure) has none to tell.
      throw new PaymentFlowError(confirmationFailed(error instanceof PaymentFlowError ? error.message : undefined));
    }
    onPhase('completing');
    const subscriptionId = result.subscription?.id ?? '';
    const done = await step(() => completeSubscription(subscriptionId), 'Failed to complete subscription');
    if (!done.success) throw new PaymentFlowError(done.error || 'Failed to complete subscription');
    return done;
  }
  if (!result.success) throw new PaymentFlowError(result.error || 'Failed to create subscription');
  return result;
}

/**
 * `onSucceeded` runs before billing and the account are refreshed: the refreshed plan can end the checkout's view, and
 * with it any callback passed to `mutate`.
 */
export function useUpgrade(plan: UserPlan, onPhase: (phase: UpgradePhase) => void, onSucceeded?: () => void) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (collector: CardCollector) => runUpgrade(plan, collector, onPhase),
    onSuccess: () => {
      onSucceeded?.();
      return refresh();
    },
    onSettled: () => onPhase('idle'),
  });
}
