import { User } from '../../../src/modules/accounts/user.entity.js';
import { createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import type { TestApp } from '../../support/test-app.js';

/** The user's plan as stored now. */
export async function planOfUser(t: TestApp, userId: string): Promise<string> {
  return (await t.orm.em.fork().findOneOrFail(User, userId)).plan;
}

/** What the app recorded for one Stripe event id (one row per delivery it applied or refused). */
export async function billingEventRows(t: TestApp, eventId: string): Promise<{ outcome: string }[]> {
  return await t.orm.em.fork().execute<{ outcome: string }[]>('select "outcome" from "billing_events" where "provider_event_id" = ?', [eventId]);
}

/** A new user signed in and subscribed through the real checkout route with a test card. */
export async function subscribedUser(
  t: TestApp,
  paymentMethodId = 'pm_card_visa',
  plan = 'premium',
): Promise<{ user: User; client: TestClient; stripeSubscriptionId: string }> {
  const user = await createUser(t);
  const client = await signedInClient(t, user);
  const res = await client.post('/api/billing/create-subscription', { plan, paymentMethodId });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return { user, client, stripeSubscriptionId: res.body.subscription.stripeSubscriptionId };
}
