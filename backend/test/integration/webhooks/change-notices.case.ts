import { ChangeNotices } from '../../../src/modules/change-notices/change-notices.js';
import { ActiveTzRelease } from '../../../src/modules/tzdb/active-release.js';
import { ReleaseCache } from '../../../src/modules/tzdb/release-cache.js';
import { compileBytes } from '../../../src/modules/tzdb/release-source.js';
import { TzdbService } from '../../../src/modules/tzdb/tzdb.service.js';
import { ZoneUsage } from '../../../src/modules/usage/zone-usage.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { waitFor } from '../../support/processes.js';
import type { TestApp } from '../../support/test-app.js';
import { makeRelease, nextMonth } from '../../support/tz-feed.js';
import { webhookWorld, type Receiver } from './world.js';
import type { SmtpPeer } from '../../support/smtp.js';

describe('change notices by mail, banner and webhook', () => {
  const world = webhookWorld();
  const { enterprise, delivered, verified } = world;
  let a: TestApp;
  let smtp: SmtpPeer;
  let receiver: Receiver;
  beforeAll(() => {
    ({ a, smtp, receiver } = world);
  });

  it('a release changing Asia/Kolkata tells the account that used it (mail, banner, signed event) and nobody else; the opt-out stops the mail', async () => {
    const kolkata = await enterprise();
    const hook = await kolkata.client.post('/api/webhooks', { url: `${receiver.url}/kolkata`, events: ['tzdb.zones_changed'] });
    const tokyo = await enterprise();
    await tokyo.client.post('/api/webhooks', { url: `${receiver.url}/tokyo`, events: ['tzdb.zones_changed'] });
    const quiet = await createUser(a, { plan: 'premium' });
    const quietClient = await signedInClient(a, quiet);
    expect((await quietClient.put('/api/profile/change-notices', { enabled: false })).body.changeNotices).toBe(false);

    const call = async (user: { id: string } & Parameters<typeof createApiKey>[1], zone: string) => {
      const { key } = await createApiKey(a, user);
      expect((await a.client().get(`/api/time/current?timezone=${encodeURIComponent(zone)}`, { 'x-api-key': key })).status).toBe(200);
    };
    await call(kolkata.user, 'Asia/Kolkata');
    await call(tokyo.user, 'Asia/Tokyo');
    // A legacy link is counted as the zone it answered.
    await call(quiet, 'Asia/Calcutta');
    const zones = a.app.get(ZoneUsage);
    await waitFor('the three calls counted', async () => {
      await zones.flush();
      const rows = await a.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from zone_usage');
      return Number(rows[0].n) === 3 || undefined;
    });

    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const load = await admin.post('/api/admin/tzdb', { release: makeRelease('2026g').toString('base64') });
    expect([load.status, load.body.version]).toEqual([200, '2026g']);

    const mail = await smtp.waitFor({ to: kolkata.user.email, subject: /Time zone change: Asia\/Kolkata/ });
    expect(mail.text).toContain('2026g');
    expect(mail.text).toMatch(/Asia\/Kolkata: from \S+, UTC\+05:30 \(IST\) becomes UTC\+06:00/);

    const [event] = await delivered('/kolkata', 'tzdb.zones_changed');
    const payload = verified(hook.body.secret, event);
    expect(payload.data.version).toBe('2026g');
    expect(payload.data.zones).toEqual([
      {
        zone: 'Asia/Kolkata',
        // Local midnight of the 15th in Kolkata, from +05:30 (IST) to +06:00.
        changes: [
          expect.objectContaining({
            from: new Date(Date.parse(nextMonth().day15) - 5.5 * 3600_000).toISOString(),
            before: expect.objectContaining({ utcOffset: '+05:30' }),
            after: expect.objectContaining({ utcOffset: '+06:00' }),
          }),
        ],
      },
    ]);

    const banner = await kolkata.client.get('/api/change-notices');
    expect(banner.body.notices).toEqual([expect.objectContaining({ version: '2026g', zones: [expect.objectContaining({ zone: 'Asia/Kolkata' })] })]);
    // The opted-out account sees the banner, and no mail was queued for it (mail is queued with the notice).
    const quietBanner = await waitFor('the opted-out account’s notice', async () =>
      (await quietClient.get('/api/change-notices')).body.notices.length ? true : undefined,
    );
    expect(quietBanner).toBe(true);
    const queued = await a.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from ${a.config.JOBS_SCHEMA}.job where name = 'mail' and data->>'to' = ?`, [quiet.email]);
    expect(Number(queued[0].n)).toBe(0);

    // The account that only used Asia/Tokyo gets nothing.
    expect((await tokyo.client.get('/api/change-notices')).body.notices).toEqual([]);
    expect(receiver.at('/tokyo')).toEqual([]);
    expect(smtp.to(tokyo.user.email)).toHaveLength(0);
    expect(smtp.to(kolkata.user.email)).toHaveLength(1);

    // Dismissed, the banner is gone; the Notices page's history keeps it, with when it was dismissed.
    expect(banner.body.notices[0].dismissedAt).toBeNull();
    expect((await kolkata.client.post(`/api/change-notices/${banner.body.notices[0].id}/dismiss`)).status).toBe(204);
    expect((await kolkata.client.get('/api/change-notices')).body.notices).toEqual([]);
    const history = await kolkata.client.get('/api/change-notices/history');
    expect(history.status).toBe(200);
    expect(history.body.notices).toEqual([
      expect.objectContaining({ id: banner.body.notices[0].id, version: '2026g', zones: banner.body.notices[0].zones, dismissedAt: expect.any(String) }),
    ]);
    expect((await tokyo.client.get('/api/change-notices/history')).body.notices).toEqual([]);
    expect((await a.client().get('/api/change-notices/history')).status).toBe(401);
  });

  it('a key pinned to an older release is named in the notice with what moving its pin would change; an account without pins gets the notice as before', async () => {
    const owner = await enterprise();
    const hook = await owner.client.post('/api/webhooks', { url: `${receiver.url}/pinned`, events: ['tzdb.zones_changed'] });
    const plain = await enterprise();
    const plainHook = await plain.client.post('/api/webhooks', { url: `${receiver.url}/plain`, events: ['tzdb.zones_changed'] });

    // The owner keeps one key on the bundled release 2026f; another follows the active release.
    const frozen = await createApiKey(a, owner.user, { name: 'Billing (frozen)' });
    const pin = await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026f' });
    expect([pin.status, pin.body.tzdbVersion]).toEqual([200, '2026f']);
    const live = await createApiKey(a, owner.user, { name: 'Live' });
    const plainKey = await createApiKey(a, plain.user);
    const kathmandu = '/api/time/current?timezone=Asia%2FKathmandu';
    for (const key of [frozen.key, live.key, plainKey.key]) expect((await a.client().get(kathmandu, { 'x-api-key': key })).status).toBe(200);
    const zones = a.app.get(ZoneUsage);
    await waitFor('both accounts’ calls counted', async () => {
      await zones.flush();
      const rows = await a.orm.em
        .fork()
        .execute<{ n: string }[]>(`select count(distinct user_id) as n from zone_usage where user_id in (?, ?)`, [owner.user.id, plain.user.id]);
      return Number(rows[0].n) === 2 || undefined;
    });

    // 2026h moves Asia/Kathmandu from +05:45 to +06:00 at local midnight of the 15th of next month.
    const { year, monthAbbr, day15 } = nextMonth();
    const release = makeRelease('2026h', { edit: (zi) => zi.replace(/^(Z Asia\/Kathmandu[\s\S]*?\n5:45 - %z)$/m, `$1 ${year} ${monthAbbr} 15\n6 - %z`) });
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const load = await admin.post('/api/admin/tzdb', { release: release.toString('base64') });
    expect([load.status, load.body.version]).toEqual([200, '2026h']);
    const kathmanduChange = {
      zone: 'Asia/Kathmandu',
      changes: [
        expect.objectContaining({
          from: new Date(Date.parse(day15) - 5.75 * 3600_000).toISOString(),
          before: expect.objectContaining({ utcOffset: '+05:45' }),
          after: expect.objectContaining({ utcOffset: '+06:00' }),
        }),
      ],
    };

    // The mail names the pinned key (never its secret), its release, and what moving the pin would change.
    const mail = await smtp.waitFor({ to: owner.user.email, subject: /Time zone change: Asia\/Kathmandu/ });
    expect(mail.text).toContain('Your key "Billing (frozen)" is pinned to release 2026f and keeps answering from it until you move the pin.');
    expect(mail.text).toContain('Moving it to 2026h would change a zone you used:');
    expect(mail.text.match(/Asia\/Kathmandu: from \S+, UTC\+05:45 \(\S+\) becomes UTC\+06:00/g)).toHaveLength(2);
    expect(mail.text).not.toContain('"Live"');
    expect(mail.text).not.toContain(frozen.key);

    const [event] = await delivered('/pinned', 'tzdb.zones_changed');
    expect(event.body).not.toContain(frozen.key);
    const payload = verified(hook.body.secret, event);
    expect(payload.data.version).toBe('2026h');
    expect(payload.data.zones).toEqual([kathmanduChange]);
    expect(payload.data.pinnedKeys).toEqual([{ keyId: frozen.id, name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kathmanduChange] }]);

    const banner = await owner.client.get('/api/change-notices');
    expect(banner.body.notices).toEqual([
      expect.objectContaining({ version: '2026h', pinnedKeys: [{ keyId: frozen.id, name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kathmanduChange] }] }),
    ]);
    // The keys page's pin select asks the same question before the pin moves.
    const preview = await owner.client.get('/api/change-notices/pin-preview?from=2026f&to=2026h');
    expect(preview.body).toEqual({ from: '2026f', to: '2026h', zones: [kathmanduChange] });
    const unknown = await owner.client.get('/api/change-notices/pin-preview?from=2011z&to=2026h');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_release']);
    const malformed = await owner.client.get('/api/change-notices/pin-preview?from=latest&to=2026h');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation_failed']);
    // Until its owner moves the pin, the key answers from 2026f.
    const still = await a.client().get(kathmandu, { 'x-api-key': frozen.key });
    expect([still.status, still.headers.get('x-tzdb-version')]).toEqual([200, '2026f']);

    // No pins: the mail, the event and the banner are the notice every account got before.
    const plainMail = await smtp.waitFor({ to: plain.user.email, subject: /Time zone change: Asia\/Kathmandu/ });
    expect(plainMail.text).toContain('Our answers follow the new rules already.');
    expect(plainMail.text).not.toMatch(/pinned|pin /i);
    const [plainEvent] = await delivered('/plain', 'tzdb.zones_changed');
    const plainPayload = verified(plainHook.body.secret, plainEvent);
    expect(plainPayload.data).toEqual({ version: '2026h', zones: [kathmanduChange] });
    const plainBanner = await plain.client.get('/api/change-notices');
    expect(plainBanner.body.notices).toEqual([expect.objectContaining({ version: '2026h', zones: [kathmanduChange], pinnedKeys: [] })]);
  });

  /** Stores a release as another instance's activation leaves it (committed, this instance not switched); its row's id. */
  async function storedByAnotherInstance(version: string, bytes: Buffer): Promise<string> {
    await a.app.get(TzdbService).storeWaiting({ release: compileBytes(bytes), bytes, description: 'another instance', origin: 'upload' });
    const [row] = await a.orm.em.fork().execute<{ id: string }[]>(`update tz_releases set waiting = false where version = ? returning id`, [version]);
    return row.id;
  }

  it('the activation job names a pinned key when it runs on an instance that has not switched to the release yet', async () => {
    // Another instance activated 2026i; this one claims the job first, its list of stored releases read before the commit.
    const owner = await enterprise();
    const frozen = await createApiKey(a, owner.user, { name: 'Reports (frozen)' });
    expect((await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026f' })).status).toBe(200);
    expect((await a.client().get('/api/time/current?timezone=Asia%2FKathmandu', { 'x-api-key': frozen.key })).status).toBe(200);
    await a.app.get(ZoneUsage).flush();
    const cache = a.app.get(ReleaseCache);
    expect(await cache.storedVersions()).not.toContain('2026i');

    // 2026i moves Asia/Kathmandu to +06:30 on the 15th of next month (2026h, active here, moves it to +06:00).
    const { year, monthAbbr } = nextMonth();
    const bytes = makeRelease('2026i', { edit: (zi) => zi.replace(/^(Z Asia\/Kathmandu[\s\S]*?\n5:45 - %z)$/m, `$1 ${year} ${monthAbbr} 15\n6:30 - %z`) });
    const releaseId = await storedByAnotherInstance('2026i', bytes);
    expect(a.app.get(ActiveTzRelease).version).toBe('2026h');

    await a.app.get(ChangeNotices).onActivated({ releaseId, version: '2026i', previousVersion: '2026h' });
    const notices = await owner.client.get('/api/change-notices');
    expect(notices.body.notices).toEqual([
      expect.objectContaining({
        version: '2026i',
        pinnedKeys: [
          expect.objectContaining({
            name: 'Reports (frozen)',
            pinnedTo: '2026f',
            zones: [
              expect.objectContaining({
                zone: 'Asia/Kathmandu',
                changes: [expect.objectContaining({ after: expect.objectContaining({ utcOffset: '+06:30' }) })],
              }),
            ],
          }),
        ],
      }),
    ]);
    const mail = await smtp.waitFor({ to: owner.user.email, subject: /Time zone change: Asia\/Kathmandu/ });
    expect(mail.text).toContain('Your key "Reports (frozen)" is pinned to release 2026f and keeps answering from it until you move the pin.');

    // A key can be pinned here to a release another instance stored a moment ago, before this one re-reads its list.
    await storedByAnotherInstance('2026j', makeRelease('2026j'));
    expect(await cache.storedVersions()).not.toContain('2026j');
    const repin = await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026j' });
    expect([repin.status, repin.body.tzdbVersion]).toEqual([200, '2026j']);
    const unknown = await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026z' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_release']);
  });
});
