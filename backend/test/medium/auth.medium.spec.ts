import { randomUUID } from 'node:crypto';
import { Session } from '../../src/modules/auth/session.entity.js';
import { AuthRepository } from '../../src/modules/auth/auth.repository.js';
import { SessionsRepository } from '../../src/modules/auth/sessions.repository.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("auth: the sessions' and the tokens' repositories on the real database", () => {
  let m: Medium;
  let sessions: SessionsRepository;
  let auth: AuthRepository;
  const inADay = () => new Date(Date.now() + 86_400_000);

  beforeAll(async () => {
    m = await mediumModule({ providers: [SessionsRepository, AuthRepository] });
    sessions = m.get(SessionsRepository);
    auth = m.get(AuthRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  const session = (userId: string) => sessions.fork().create({ tokenHash: randomUUID(), userId, expiresAt: inADay(), ipAddress: null, userAgent: null });

  it("ending a user's other sessions keeps the current one and another user's", async () => {
    const [user, other] = [await insertUser(m.em), await insertUser(m.em)];
    const current = await session(user.id);
    await session(user.id);
    const theirs = await session(other.id);
    expect(await sessions.fork().deleteAllForUser(user.id, current.id)).toBe(1);
    const left = await m.em.fork().find(Session, { user: { $in: [user.id, other.id] } });
    expect(left.map((s) => s.id).sort()).toEqual([current.id, theirs.id].sort());
  });

  it("a blocked user's sessions expire but stay readable; another user's stay live", async () => {
    const [user, other] = [await insertUser(m.em), await insertUser(m.em)];
    const mine = await session(user.id);
    const theirs = await session(other.id);
    expect(await sessions.fork().expireAllForUser(user.id)).toBe(1);
    const expired = await sessions.fork().findByTokenHash(mine.tokenHash);
    expect(expired!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(expired!.user.id).toBe(user.id);
    expect((await sessions.fork().findByTokenHash(theirs.tokenHash))!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('a token is consumed once; the second use finds nothing', async () => {
    const user = await insertUser(m.em);
    const tokenHash = randomUUID();
    await auth.fork().createToken({ tokenHash, userId: user.id, purpose: 'verify_email', email: user.email, expiresAt: inADay() });
    expect(await auth.consumeToken(tokenHash, 'verify_email')).toEqual({ userId: user.id, email: user.email });
    expect(await auth.consumeToken(tokenHash, 'verify_email')).toBeNull();
  });

  it("using up a user's links keeps the one for the address they still want", async () => {
    const user = await insertUser(m.em);
    const [old, wanted] = [randomUUID(), randomUUID()];
    await auth.fork().createToken({ tokenHash: old, userId: user.id, purpose: 'verify_email', email: 'old@example.com', expiresAt: inADay() });
    await auth.fork().createToken({ tokenHash: wanted, userId: user.id, purpose: 'verify_email', email: 'new@example.com', expiresAt: inADay() });
    await auth.fork().useUpTokens(user.id, 'verify_email', 'new@example.com');
    expect(await auth.consumeToken(old, 'verify_email')).toBeNull();
    expect(await auth.consumeToken(wanted, 'verify_email')).toEqual({ userId: user.id, email: 'new@example.com' });
  });

  it('new recovery codes replace the old ones, and each is used once', async () => {
    const user = await insertUser(m.em);
    await auth.fork().replaceRecoveryCodes(user.id, ['a', 'b']);
    await auth.fork().replaceRecoveryCodes(user.id, ['c', 'd', 'e']);
    expect(await auth.fork().countUnusedRecoveryCodes(user.id)).toBe(3);
    expect(await auth.consumeRecoveryCode(user.id, 'a')).toBe(false);
    expect(await auth.consumeRecoveryCode(user.id, 'c')).toBe(true);
    expect(await auth.consumeRecoveryCode(user.id, 'c')).toBe(false);
    expect(await auth.fork().countUnusedRecoveryCodes(user.id)).toBe(2);
  });

  it('a device cookie of one account does not renew for another account', async () => {
    const [user, other] = [await insertUser(m.em), await insertUser(m.em)];
    const tokenHash = randomUUID();
    await auth.fork().createDevice(tokenHash, user.id, inADay());
    expect(await auth.fork().renewDevice(tokenHash, other.id, inADay())).toBe(false);
    expect(await auth.fork().renewDevice(tokenHash, user.id, inADay())).toBe(true);
    expect((await auth.fork().findLiveDevice(tokenHash))?.user.email).toBe(user.email);
  });
});
