import { User } from '../../src/modules/accounts/user.entity.js';
import { randomUUID } from 'node:crypto';
import { ChangeNoticesRepository } from '../../src/modules/change-notices/change-notices.repository.js';
import type { NoticeZone } from '../../src/modules/change-notices/change-notices.repository.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("change notices' repository on the real database: one notice per account and release, each account its own", () => {
  let m: Medium;
  let notices: ChangeNoticesRepository;
  const zones: NoticeZone[] = [{ zone: 'America/Santiago', changes: [] }];

  beforeAll(async () => {
    m = await mediumModule({ providers: [ChangeNoticesRepository] });
    notices = m.get(ChangeNoticesRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  const write = (userId: string, version: string) => notices.transaction((tx) => tx.insert(randomUUID(), userId, version, zones, []));

  it('an account gets one notice of a release however often it is written; a closed account gets none', async () => {
    const [open, closed] = [await insertUser(m.em), await insertUser(m.em)];
    await m.em.fork().nativeUpdate(User, { id: closed.id }, { closedAt: new Date() });
    expect(await write(open.id, '2026a')).toBe(true);
    expect(await write(open.id, '2026a')).toBe(false);
    expect(await write(closed.id, '2026a')).toBe(false);
    expect((await notices.fork().open(open.id)).map((n) => n.release_version)).toEqual(['2026a']);
    expect(await notices.fork().open(closed.id)).toEqual([]);
  });

  it('a notice written in a transaction that fails is not kept', async () => {
    const user = await insertUser(m.em);
    await expect(
      notices.transaction(async (tx) => {
        await tx.insert(randomUUID(), user.id, '2026b', zones, []);
        throw new Error('the mail could not be queued');
      }),
    ).rejects.toThrow('the mail could not be queued');
    expect(await notices.fork().open(user.id)).toEqual([]);
  });

  it("an account dismisses only its own notice: another account's id changes nothing", async () => {
    const [owner, other] = [await insertUser(m.em), await insertUser(m.em)];
    await write(owner.id, '2026c');
    const [notice] = await notices.fork().open(owner.id);
    expect(await notices.fork().dismiss(other.id, notice.id)).toBe(false);
    expect(await notices.fork().open(owner.id)).toHaveLength(1);
    expect(await notices.fork().dismiss(owner.id, notice.id)).toBe(true);
    expect(await notices.fork().open(owner.id)).toEqual([]);
  });

  it("the history keeps dismissed notices, newest first, and holds none of another account's", async () => {
    const [owner, other] = [await insertUser(m.em), await insertUser(m.em)];
    await write(owner.id, '2026d');
    await write(owner.id, '2026e');
    await write(other.id, '2026e');
    // The first notice an hour older, so the order is the clock's and not the insert's.
    await m.em.fork().execute(`update change_notices set created_at = now() - interval '1 hour' where user_id = ? and release_version = '2026d'`, [owner.id]);
    const older = (await notices.fork().open(owner.id)).find((n) => n.release_version === '2026d')!;
    expect(await notices.fork().dismiss(owner.id, older.id)).toBe(true);

    const history = await notices.fork().history(owner.id, 100);
    expect(history.map((n) => [n.release_version, n.dismissed_at !== null])).toEqual([
      ['2026e', false],
      ['2026d', true],
    ]);
    expect((await notices.fork().open(owner.id)).map((n) => n.release_version)).toEqual(['2026e']);
    expect((await notices.fork().history(owner.id, 1)).map((n) => n.release_version)).toEqual(['2026e']);
    expect((await notices.fork().history(other.id, 100)).map((n) => n.release_version)).toEqual(['2026e']);
  });
});
