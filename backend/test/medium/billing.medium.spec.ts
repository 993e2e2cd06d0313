import { APP_CONFIG } from '../../src/config/config.js';
import type { AppConfig } from '../../src/config/config.js';
import { ACCOUNT_BILLING } from '../../src/modules/accounts/account-billing.port.js';
import type { AccountBilling } from '../../src/modules/accounts/account-billing.port.js';
import { User } from '../../src/modules/accounts/user.entity.js';
import { BillingCommands } from '../../src/modules/billing/billing-commands.js';
import { BillingRepository } from '../../src/modules/billing/billing.repository.js';
import { BillingService } from '../../src/modules/billing/billing.service.js';
import { InvoiceRecorder } from '../../src/modules/billing/invoice-recorder.js';
import { PAYMENT_GATEWAY } from '../../src/modules/billing/payment-gateway.js';
import { SandboxGateway } from '../../src/modules/billing/sandbox.gateway.js';
import { SandboxRepository } from '../../src/modules/billing/sandbox.repository.js';
import { Subscription } from '../../src/modules/billing/subscription.entity.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe('billing: BillingService and its published commands on the real database (the sandbox provider)', () => {
  let m: Medium;
  let billing: BillingService;
  let commands: BillingCommands;
  let sandbox: SandboxGateway;

  beforeAll(async () => {
    m = await mediumModule({
      providers: [
        {
          provide: PAYMENT_GATEWAY,
          inject: [SandboxRepository, APP_CONFIG],
          useFactory: (store: SandboxRepository, config: AppConfig) => new SandboxGateway(store, config),
        },
        SandboxRepository,
        BillingRepository,
        BillingService,
        InvoiceRecorder,
        BillingCommands,
        { provide: ACCOUNT_BILLING, useExisting: BillingCommands },
      ],
    });
    billing = m.get(BillingService);
    commands = m.get(BillingCommands);
    sandbox = m.module.get<SandboxGateway>(PAYMENT_GATEWAY);
  });

  afterAll(async () => {
    await m?.close();
  });

  const reload = (id: string) => m.em.fork().findOneOrFail(User, { id }, { refresh: true });
  const consoleChange = { by: 'admin@example.com', reason: 'console' };

  async function subscriber(plan: 'premium' | 'enterprise' = 'premium'): Promise<User> {
    const user = await insertUser(m.em);
    const card = await sandbox.createPaymentMethod({ number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', name: 'Grace Hopper' });
    const result = await billing.createSubscription(user.id, plan, card.id);
    expect(result.success).toBe(true);
    expect((await reload(user.id)).plan).toBe(plan);
    return user;
  }

  it("the console's change of an account without a subscription is a grant, in the caller's transaction", async () => {
    const user = await insertUser(m.em);
    const via = await m.em.fork().transactional((tx) => commands.changePlanFromConsole(user.id, 'enterprise', { ...consoleChange, em: tx }));
    expect(via).toBe('grant');
    expect(await reload(user.id)).toMatchObject({ plan: 'enterprise', planGranted: true });
  });

  it("a grant rolled back with the caller's transaction (the audit row failing, say) leaves the plan as it was", async () => {
    const user = await insertUser(m.em);
    await expect(
      m.em.fork().transactional(async (tx) => {
        await commands.changePlanFromConsole(user.id, 'premium', { ...consoleChange, em: tx });
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('the audit row could not be written');
    expect(await reload(user.id)).toMatchObject({ plan: 'free', planGranted: false });
  });

  it("a subscriber's change goes through the provider: the subscription and the plan move, not as a grant", async () => {
    const user = await subscriber('premium');
    const via = await m.em.fork().transactional((tx) => commands.changePlanFromConsole(user.id, 'enterprise', { ...consoleChange, em: tx }));
    expect(via).toBe('subscription');
    expect(await reload(user.id)).toMatchObject({ plan: 'enterprise', planGranted: false });
    const [subscription] = await m.em.fork().find(Subscription, { user: user.id });
    expect(subscription).toMatchObject({ plan: 'enterprise', status: 'active' });
  });

  it('a subscriber moved to free by the console has the subscription cancelled at once', async () => {
    const user = await subscriber('premium');
    const via = await m.em.fork().transactional((tx) => commands.changePlanFromConsole(user.id, 'free', { ...consoleChange, em: tx }));
    expect(via).toBe('cancellation');
    expect((await reload(user.id)).plan).toBe('free');
    const [subscription] = await m.em.fork().find(Subscription, { user: user.id });
    expect(subscription.status).toBe('canceled');
  });

  it('a second billing change while one holds the account answers 409 billing_change_in_progress and changes nothing', async () => {
    const user = await insertUser(m.em);
    const repository = m.get(BillingRepository);
    expect(await repository.fork().claimUserLock(user.id)).toBe(true);
    try {
      await expect(m.em.fork().transactional((tx) => commands.changePlanFromConsole(user.id, 'premium', { ...consoleChange, em: tx }))).rejects.toMatchObject({
        problem: { status: 409, code: 'billing_change_in_progress' },
      });
      expect((await reload(user.id)).plan).toBe('free');
    } finally {
      await repository.fork().releaseUserLock(user.id);
    }
  });

  it('the accounts port (a closure) ends every live subscription and answers how many', async () => {
    const user = await subscriber('enterprise');
    const port = m.module.get<AccountBilling>(ACCOUNT_BILLING);
    expect(await port.endSubscriptions(user.id)).toBe(1);
    expect((await reload(user.id)).plan).toBe('free');
    expect(await port.endSubscriptions(user.id)).toBe(0);
  });

  it('a provider event is logged once: a repeated delivery is told apart', async () => {
    const repository = m.get(BillingRepository);
    const event = { id: `evt_medium_${Date.now()}`, type: 'invoice.paid', objectId: null };
    expect(await repository.fork().logEvent(event)).toBe(true);
    expect(await repository.fork().logEvent(event)).toBe(false);
  });
});
