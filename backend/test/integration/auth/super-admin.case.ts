import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_SUPER_ADMIN_EMAIL, ensureSuperAdmin } from '../../../src/modules/auth/super-admin.bootstrap.js';
import { User } from '../../../src/modules/accounts/user.entity.js';
import { UsersRepository } from '../../../src/modules/accounts/users.repository.js';
import { createUser, uniqueEmail } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

function collector() {
  const lines: string[] = [];
  return { lines, log: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
}

/** Runs `fn` in a transaction that is rolled back, so the run's shared database keeps its real super admin. */
async function isolated(t: TestApp, fn: (em: EntityManager) => Promise<void>): Promise<void> {
  const em = t.orm.em.fork() as unknown as EntityManager;
  await em
    .transactional(async (tx) => {
      await fn(tx as EntityManager);
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
}

describe('first super admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('application start leaves exactly one admin@localhost super admin, however many instances start', async () => {
    const second = await createTestApp();
    await second.close();
    const admins = await t.orm.em.fork().find(User, { email: DEFAULT_SUPER_ADMIN_EMAIL });
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'super_admin', emailVerified: true, isBlocked: false });
  });

  it('with no super admin, creates admin@localhost once and prints its password only the first time', async () => {
    await isolated(t, async (em) => {
      await em.nativeDelete(User, { email: DEFAULT_SUPER_ADMIN_EMAIL });
      await em.nativeUpdate(User, { role: 'super_admin' }, { role: 'user' });
      const first = collector();
      const created = await ensureSuperAdmin(new UsersRepository(em), { secret: t.config.secret }, first);
      expect(created.action).toBe('created');
      const password = created.action === 'created' ? created.generatedPassword! : '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      const block = first.lines.join('\n');
      expect(block).toContain('SUPER ADMIN ACCOUNT CREATED');
      expect(block).toContain(`E-mail:   ${DEFAULT_SUPER_ADMIN_EMAIL}`);
      expect(block).toContain(`Password: ${password}`);
      // ...and a TOTP secret, as base32 and as an otpauth:// URI, so the printed login works as it is.
      const secret = created.action === 'created' ? created.generatedTotpSecret! : '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(block).toContain(`Two-factor (TOTP) secret: ${secret}`);
      const uri = /otpauth:\/\/totp\/\S+/.exec(block)?.[0] ?? '';
      expect(new URL(uri).searchParams.get('secret')).toBe(secret);
      const row = await em.findOneOrFail(User, { email: DEFAULT_SUPER_ADMIN_EMAIL });
      expect(row.totpSecret).not.toBeNull();
      expect(row.totpSecret).not.toContain(secret);

      const later = collector();
      expect((await ensureSuperAdmin(new UsersRepository(em), { secret: t.config.secret }, later)).action).toBe('exists');
      expect(later.lines.join('\n')).toContain('Super admin exists');
      expect(later.lines.join('\n')).not.toContain(password);
      expect(later.lines.join('\n')).not.toContain(secret);
      expect(await em.count(User, { role: 'super_admin' })).toBe(1);
    });
  });

  it('SUPER_ADMIN_EMAIL/SUPER_ADMIN_PASSWORD create a verified super admin who can sign in', async () => {
    const email = uniqueEmail('boss');
    const app = await createTestApp({ SUPER_ADMIN_EMAIL: email, SUPER_ADMIN_PASSWORD: 'boss password 123' });
    try {
      const login = await app.client().post('/api/auth/login', { email, password: 'boss password 123' });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ email, role: 'super_admin', emailVerified: true });
      const again = collector();
      expect(
        (
          await ensureSuperAdmin(
            new UsersRepository(app.orm.em.fork() as unknown as EntityManager),
            { SUPER_ADMIN_EMAIL: email, SUPER_ADMIN_PASSWORD: 'boss password 123', secret: app.config.secret },
            again,
          )
        ).action,
      ).toBe('exists');
    } finally {
      await app.close();
    }
  });

  it('SUPER_ADMIN_EMAIL promotes an existing account without changing its password', async () => {
    const user = await createUser(t, { emailVerified: false, password: 'my own password' });
    const out = collector();
    const result = await ensureSuperAdmin(
      new UsersRepository(t.orm.em.fork() as unknown as EntityManager),
      { SUPER_ADMIN_EMAIL: user.email.toUpperCase(), SUPER_ADMIN_PASSWORD: 'ignored password', secret: t.config.secret },
      out,
    );
    expect(result.action).toBe('promoted');
    const row = await t.orm.em.fork().findOneOrFail(User, { id: user.id });
    expect([row.role, row.emailVerified]).toEqual(['super_admin', true]);
    expect((await t.client().post('/api/auth/login', { email: user.email, password: 'my own password' })).status).toBe(200);
    await t.orm.em.fork().nativeUpdate(User, { id: user.id }, { role: 'user' });
  });

  it('the default admin@localhost address can sign in (a local address passes login validation)', async () => {
    const res = await t.client().post('/api/auth/login', { email: DEFAULT_SUPER_ADMIN_EMAIL, password: 'certainly not the password' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });
});
