import type { PlanId } from '../../src/config/plans.js';
import { createTestApp } from '../support/test-app.js';
import { createUser } from './index.js';
import { createApiKey } from './keys.js';

/** An account with one key, and what a test signs in with. */
export interface Customer {
  userId: string;
  keyId: string;
  key: string;
  email: string;
  password: string;
}

/**
 * Accounts with one key each, one per plan given, for a test whose server runs as a process of its own: made through
 * the real services by a short-lived app on that database (which also migrates it), closed before the test goes on.
 * `appSecret` must be the server's APP_SECRET (the key's stored copy is encrypted with it).
 */
export async function customersOn(databaseUrl: string, appSecret: string, plans: PlanId[]): Promise<Customer[]> {
  const t = await createTestApp({ DATABASE_URL: databaseUrl, APP_SECRET: appSecret });
  try {
    const customers: Customer[] = [];
    for (const plan of plans) {
      const user = await createUser(t, { plan });
      const { key, id } = await createApiKey(t, user);
      customers.push({ userId: user.id, keyId: id, key, email: user.email, password: user.password });
    }
    return customers;
  } finally {
    await t.close();
  }
}

/** One account on `plan` with one key (see customersOn). */
export async function customerOn(databaseUrl: string, appSecret: string, plan: PlanId): Promise<Customer> {
  const [customer] = await customersOn(databaseUrl, appSecret, [plan]);
  return customer;
}
