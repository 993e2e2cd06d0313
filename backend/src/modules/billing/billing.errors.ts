import { ProblemException } from '../../common/problems/problem.js';

/** The billing module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type BillingProblemCode =
  | 'already_subscribed'
  | 'billing_change_in_progress'
  | 'downgrade_not_supported'
  | 'invalid_card'
  | 'invoice_not_paid'
  | 'invalid_portal_session'
  | 'invalid_signature'
  | 'no_billing_account'
  | 'no_subscription'
  | 'payment_not_found'
  | 'payment_provider_unavailable'
  | 'plan_change_not_paid'
  | 'same_plan'
  | 'subscription_not_found';

/** Billing's stable problem codes. */
export const BillingErrors = {
  samePlan: () => new ProblemException({ status: 400, code: 'same_plan', title: 'Bad Request', detail: 'You are already on this plan.' }),
  downgradeNotSupported: () =>
    new ProblemException({
      status: 400,
      code: 'downgrade_not_supported',
      title: 'Bad Request',
      detail: 'Downgrading is not supported. Cancel the subscription in Manage Billing instead.',
    }),
  noSubscription: () =>
    new ProblemException({
      status: 400,
      code: 'no_subscription',
      title: 'Bad Request',
      detail: 'You have no active paid subscription. Choose a plan to upgrade first.',
    }),
  alreadySubscribed: () =>
    new ProblemException({
      status: 409,
      code: 'already_subscribed',
      title: 'Conflict',
      detail: 'You already have a paid plan. Change it with a plan update instead.',
    }),
  changeInProgress: () =>
    new ProblemException({
      status: 409,
      code: 'billing_change_in_progress',
      title: 'Conflict',
      detail: 'Another billing change is in progress. Please wait a moment and try again.',
    }),
  noBillingAccount: () =>
    new ProblemException({
      status: 400,
      code: 'no_billing_account',
      title: 'Bad Request',
      detail: 'There is no billing account yet. Upgrade to a paid plan first.',
    }),
  /** The super admin changed a subscriber's plan, and the provider could not charge the customer's card for it. */
  adminChangeNotPaid: (detail: string) =>
    new ProblemException({ status: 402, code: 'plan_change_not_paid', title: 'Payment Required', detail: `The plan was not changed: ${detail}` }),
  subscriptionNotFound: () => new ProblemException({ status: 404, code: 'subscription_not_found', title: 'Not Found', detail: 'Subscription not found.' }),
  invalidSignature: (detail: string) => new ProblemException({ status: 400, code: 'invalid_signature', title: 'Bad Request', detail }),
  sandboxOnly: () => new ProblemException({ status: 404, code: 'not_found', title: 'Not Found', detail: 'This route exists only in sandbox billing mode.' }),
  invalidPortalSession: () =>
    new ProblemException({
      status: 403,
      code: 'invalid_portal_session',
      title: 'Forbidden',
      detail: 'This billing portal link is invalid or has expired. Open Manage Billing again.',
    }),
  paymentNotFound: () =>
    new ProblemException({ status: 404, code: 'payment_not_found', title: 'Not Found', detail: 'No payment waits for confirmation with this secret.' }),
  invalidCard: (errors: { field: string; message: string }[]) =>
    new ProblemException({ status: 400, code: 'invalid_card', title: 'Bad Request', detail: errors.map((e) => e.message).join(' '), errors }),
  invoiceNotPaid: () =>
    new ProblemException({ status: 409, code: 'invoice_not_paid', title: 'Conflict', detail: 'A receipt is only available once the invoice is paid.' }),
  providerUnavailable: () =>
    new ProblemException({
      status: 502,
      code: 'payment_provider_unavailable',
      title: 'Bad Gateway',
      detail: 'The payment provider could not be reached. Please try again.',
    }),
};
