import { SupportMessage } from '../../src/modules/support/support-message.entity.js';
import { SupportRepository } from '../../src/modules/support/support.repository.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe('support: SupportRepository on the real database', () => {
  let m: Medium;
  let support: SupportRepository;
  const fields = { name: 'Grace', email: 'grace@example.com', category: 'billing' as const, subject: 'Invoice', message: 'Where is my invoice?' };

  beforeAll(async () => {
    m = await mediumModule({ providers: [SupportRepository] });
    support = m.get(SupportRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  it("a signed-in sender's message belongs to their account; an anonymous one to none", async () => {
    const user = await insertUser(m.em);
    const mine = await support.transaction(async (tx) => {
      const message = tx.create(fields, user.id);
      await tx.flush();
      return message;
    });
    const anonymous = await support.transaction(async (tx) => {
      const message = tx.create({ ...fields, subject: 'Anonymous' }, null);
      await tx.flush();
      return message;
    });
    const stored = await m.em.fork().find(SupportMessage, { id: { $in: [mine.id, anonymous.id] } }, { orderBy: { subject: 'asc' } });
    expect(stored.map((s) => [s.subject, s.user?.id ?? null, s.status])).toEqual([
      ['Anonymous', null, 'new'],
      ['Invoice', user.id, 'new'],
    ]);
  });

  it('a message whose transaction fails is not kept', async () => {
    await expect(
      support.transaction(async (tx) => {
        tx.create({ ...fields, subject: 'Rolled back' }, null);
        await tx.flush();
        throw new Error('the outbox failed');
      }),
    ).rejects.toThrow('the outbox failed');
    expect(await m.em.fork().count(SupportMessage, { subject: 'Rolled back' })).toBe(0);
  });
});
