import { BillingRepository } from '../../src/modules/billing/billing.repository.js';
import type { ProviderInvoice, ProviderSubscription } from '../../src/modules/billing/payment-gateway.js';
import { SandboxRepository } from '../../src/modules/billing/sandbox.repository.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("billing's repositories on the real database: what the history and the plan read", () => {
  let m: Medium;
  let billing: BillingRepository;
  let sandbox: SandboxRepository;
  let serial = 0;

  beforeAll(async () => {
    m = await mediumModule({ providers: [BillingRepository, SandboxRepository] });
    billing = m.get(BillingRepository);
    sandbox = m.get(SandboxRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  const invoice = (fields: Partial<ProviderInvoice> & { createdAt: Date }): ProviderInvoice => ({
    id: `in_medium_${++serial}_${Date.now()}`,
    customerId: 'cus_medium',
    subscriptionId: null,
    description: 'Premium plan',
    amountCents: 2900,
    currency: 'USD',
    status: 'paid',
    paidAt: fields.createdAt,
    billingReason: 'subscription_create',
    number: null,
    plan: 'premium',
    periodStart: null,
    periodEnd: null,
    hostedInvoiceUrl: null,
    ...fields,
  });

  const subscription = (status: string, start: Date): ProviderSubscription => ({
    id: `sub_medium_${++serial}_${Date.now()}`,
    customerId: 'cus_medium',
    plan: 'premium',
    status,
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    itemId: 'si_medium',
    hasPendingUpdate: false,
  });

  it("a user's billing history holds only their own invoices, newest first, voided ones left out, paged with the total", async () => {
    const [user, other] = [await insertUser(m.em), await insertUser(m.em)];
    const tx = billing.fork();
    await tx.upsertInvoice(user.id, invoice({ createdAt: new Date('2026-01-01T00:00:00Z'), description: 'January' }));
    await tx.upsertInvoice(user.id, invoice({ createdAt: new Date('2026-03-01T00:00:00Z'), description: 'March' }));
    await tx.upsertInvoice(user.id, invoice({ createdAt: new Date('2026-02-01T00:00:00Z'), description: 'February' }));
    await tx.upsertInvoice(user.id, invoice({ createdAt: new Date('2026-04-01T00:00:00Z'), description: 'Abandoned', status: 'void', paidAt: null }));
    await tx.upsertInvoice(other.id, invoice({ createdAt: new Date('2026-05-01T00:00:00Z'), description: 'Not theirs' }));

    expect((await billing.fork().latestInvoices(user.id, 100)).map((i) => i.description)).toEqual(['March', 'February', 'January']);
    const [page, total] = await billing.fork().invoicePage(user.id, 1, 1);
    expect(total).toBe(3);
    expect(page.map((i) => i.description)).toEqual(['February']);
    const theirs = (await billing.fork().latestInvoices(other.id, 100))[0];
    expect(await billing.fork().ownInvoice(user.id, theirs.id)).toBeNull();
  });

  it('the current subscription is the newest paid one; ended ones neither count nor show', async () => {
    const user = await insertUser(m.em);
    const older = subscription('active', new Date('2026-01-01T00:00:00Z'));
    const ended = subscription('canceled', new Date('2026-02-01T00:00:00Z'));
    await billing.fork().upsertSubscription(user.id, 'sandbox', older, 'premium');
    await new Promise((resolve) => setTimeout(resolve, 5)); // created_at orders them
    await billing.fork().upsertSubscription(user.id, 'sandbox', ended, 'enterprise');

    expect((await billing.fork().latestPaidSubscription(user.id))?.providerSubscriptionId).toBe(older.id);
    expect((await billing.fork().liveSubscriptions(user.id)).map((s) => s.providerSubscriptionId)).toEqual([older.id]);
    expect(await billing.fork().countOtherSubscriptions(user.id, ended.id, ['active', 'trialing'])).toBe(1);
    expect(await billing.fork().countOtherSubscriptions(user.id, older.id, ['active', 'trialing'])).toBe(0);
  });

  it('a billing change that fails part-way leaves nothing behind: the transaction rolls back its writes', async () => {
    const user = await insertUser(m.em);
    const event = { id: `evt_medium_rollback_${Date.now()}`, type: 'invoice.paid', objectId: null };
    await expect(
      billing.transaction(async (tx) => {
        expect(await tx.logEvent(event)).toBe(true);
        await tx.upsertSubscription(user.id, 'sandbox', subscription('active', new Date()), 'premium');
        throw new Error('the provider went away');
      }),
    ).rejects.toThrow('the provider went away');
    expect(await billing.fork().latestPaidSubscription(user.id)).toBeNull();
    expect(await billing.fork().logEvent(event)).toBe(true);
  });

  it("the sandbox provider's objects are kept across units of work, and a failed one writes nothing", async () => {
    const customerId = `cus_medium_${Date.now()}`;
    const store = sandbox.fork();
    store.put('customer', customerId, customerId, { email: 'a@example.com', defaultPaymentMethod: null });
    await store.flush();
    await expect(
      sandbox.transaction(async (tx) => {
        const customer = await tx.load<{ defaultPaymentMethod: string | null }>('customer', customerId, true);
        customer!.data = { ...customer!.data, defaultPaymentMethod: 'pm_lost' };
        tx.put('invoice', `in_lost_${Date.now()}`, customerId, { status: 'paid' });
        throw new Error('declined');
      }),
    ).rejects.toThrow('declined');
    const again = sandbox.fork();
    expect((await again.load<{ defaultPaymentMethod: string | null }>('customer', customerId))?.data.defaultPaymentMethod).toBeNull();
    expect(await again.find('invoice', customerId)).toEqual([]);
    expect((await again.find('customer', customerId)).map((c) => c.id)).toEqual([customerId]);
  });
});
