import { problemType as p, type ProblemType } from '../problem-type.js';

/** The problem types of billing (see problem-catalog.ts). */
export const BILLING: ProblemType[] = [
  p('same_plan', 400, 'Already on this plan', 'The account is already on the plan asked for.', 'Choose another plan.'),
  p(
    'downgrade_not_supported',
    400,
    'Downgrade not supported',
    'A customer cannot move to a cheaper plan with a plan change.',
    'Cancel the subscription in Manage Billing; it ends at the end of the paid period.',
  ),
  p(
    'no_subscription',
    400,
    'No active subscription',
    'The plan change needs a paid subscription and the account has none.',
    'Choose a plan to subscribe first.',
  ),
  p('already_subscribed', 409, 'Already subscribed', 'The account already pays for a plan.', 'Change the plan (Upgrade) instead of subscribing again.'),
  p(
    'billing_change_in_progress',
    409,
    'Billing change in progress',
    'Another billing change for this account is still running (a second click or tab).',
    'Wait a moment and reload the billing page.',
  ),
  p(
    'no_billing_account',
    400,
    'No billing account yet',
    'The account has never paid, so there is no card or invoice to manage.',
    'Subscribe to a plan first; Manage Billing then opens the portal.',
  ),
  p('subscription_not_found', 404, 'Subscription not found', 'No subscription of this account has that id.', 'Reload the billing page.'),
  p(
    'plan_change_not_paid',
    402,
    'Plan change not paid',
    "The super admin's change of a subscriber's plan could not be charged to the customer's card; the plan is unchanged.",
    'Ask the customer to update their card in Manage Billing, then change the plan again.',
  ),
  p(
    'invoice_not_paid',
    409,
    'Invoice not paid',
    'A receipt exists only for a paid invoice; this one is pending or failed.',
    'Download the receipt once the payment has gone through, or pay it in Manage Billing.',
  ),
];
