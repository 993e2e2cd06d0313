import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ChangeNotices } from '../../src/modules/change-notices/change-notices.js';
import { ChangeNoticesRepository } from '../../src/modules/change-notices/change-notices.repository.js';
import { MailService } from '../../src/modules/mail/mail.service.js';
import { ActiveTzRelease } from '../../src/modules/tzdb/active-release.js';
import { bundledRelease } from '../../src/modules/tzdb/bundled-release.js';
import { compileRelease } from '../../src/modules/tzdb/compile-release.js';
import { ReleaseCache } from '../../src/modules/tzdb/release-cache.js';
import type { ChangedZone, ReleaseChanges, ZoneChange } from '../../src/modules/tzdb/release-changes.js';
import { ReleaseReviews } from '../../src/modules/tzdb/release-review.js';
import { TzReleasesRepository } from '../../src/modules/tzdb/tz-releases.repository.js';
import { TzdbService } from '../../src/modules/tzdb/tzdb.service.js';
import { ZoneUsage } from '../../src/modules/usage/zone-usage.js';
import { WebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

/** 2026b and 2026f read Edmonton differently from 2026-11-01 (MST against CST): a key pinned to 2026b would move. */
const R2026B = compileRelease({ kind: 'zi', text: readFileSync(new URL('../fixtures/tzdata-2026b.zi', import.meta.url), 'utf8') }, bundledRelease());

const change = (before: string, after: string): ZoneChange => ({
  from: '2026-12-14T18:30:00.000Z',
  to: '2028-11-29T00:00:00.000Z',
  before: { utcOffset: before, abbreviation: 'IST', dst: false },
  after: { utcOffset: after, abbreviation: 'IST', dst: false },
});
const KOLKATA = [change('+05:30', '+06:30')];
const EDMONTON = [change('-07:00', '-06:00')];

describe('the console’s release review: the diff with aliases folded, and who an activation would tell', () => {
  let m: Medium;
  let reviews: ReleaseReviews;
  let notices: ChangeNotices;
  /** Accounts by the changed zones they used in the last 30 days (ZoneUsage's answer), set per test. */
  let used = new Map<string, string[]>();

  beforeAll(async () => {
    m = await mediumModule({
      providers: [
        ReleaseReviews,
        TzReleasesRepository,
        ChangeNotices,
        ChangeNoticesRepository,
        { provide: TzdbService, useValue: {} },
        { provide: ActiveTzRelease, useValue: { onActivated() {} } },
        { provide: MailService, useValue: { queue: async () => undefined } },
        { provide: WebhooksService, useValue: { emit: async () => undefined } },
        {
          provide: ZoneUsage,
          useValue: {
            flush: async () => undefined,
            usersOf: async (names: string[]) => new Map([...used].map(([user, zones]) => [user, zones.filter((z) => names.includes(z))])),
            zonesOf: async (userId: string) => used.get(userId) ?? [],
          },
        },
        {
          provide: ReleaseCache,
          useValue: {
            storedVersions: async () => ['2026f', '2026b'],
            olderThan: async () => ['2026f', '2026b'],
            get: async (version: string) => (version === '2026b' ? R2026B : bundledRelease()),
            // The release under review: the bundled 2026f's data stands in for it.
            storedById: async () => bundledRelease(),
          },
        },
      ],
    });
    reviews = m.get(ReleaseReviews);
    notices = m.get(ChangeNotices);
  });

  afterAll(async () => {
    await m?.close();
  });

  /** A release stored waiting, as an upload for review stores it, with the changes computed against the active one. */
  async function waitingRelease(version: string, zones: ChangedZone[]): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    const changes: ReleaseChanges = {
      previousVersion: '2026f',
      version,
      window: { from: now.toISOString(), to: new Date(now.getTime() + 730 * 86_400_000).toISOString() },
      zones,
      added: [],
      removed: [],
    };
    await m.em.fork().execute(
      `insert into tz_releases (id, version, digest, source, source_gz, zone_count, link_count, compile_ms, compiled_at, changes, origin, waiting)
         values (?, ?, ?, 'upload (tzdata.zi)', ?, 1, 0, 1, now(), ?::jsonb, 'upload', true)`,
      [id, version, randomUUID().replace(/-/g, ''), gzipSync(Buffer.from('# version')), JSON.stringify(changes)],
    );
    return id;
  }

  const endpoint = (userId: string, events: string[], enabled = true) =>
    m.em
      .fork()
      .execute(
        `insert into webhook_endpoints (id, user_id, url, events, secret_enc, enabled) values (?, ?, 'https://hooks.example.com/tz', ?::jsonb, 'x', ?)`,
        [randomUUID(), userId, JSON.stringify(events), enabled],
      );

  const key = (userId: string, pinnedTo: string | null) =>
    m.em
      .fork()
      .execute(
        `insert into api_keys (id, user_id, name, prefix, last_four, hash, encrypted, tzdb_version) values (?, ?, 'server', 'tzk_live_', 'abcd', ?, 'x', ?)`,
        [randomUUID(), userId, randomUUID().replace(/-/g, ''), pinnedTo],
      );

  it('folds links under the zone they change with; a link that moved on its own stays an entry', async () => {
    const id = await waitingRelease('2026x', [
      { zone: 'America/Edmonton', changes: EDMONTON },
      { zone: 'Asia/Calcutta', linkTo: 'Asia/Kolkata', changes: KOLKATA },
      { zone: 'Asia/Kolkata', changes: KOLKATA },
      { zone: 'Canada/Mountain', linkTo: 'America/Edmonton', changes: EDMONTON },
      { zone: 'US/Pacific-New', linkTo: 'America/Edmonton', changes: KOLKATA },
    ]);
    const review = await reviews.review(id);
    expect(review).toMatchObject({ version: '2026x', previousVersion: '2026f', waiting: true, active: false, origin: 'upload' });
    expect(review.zones.map((z) => [z.zone, z.aliases])).toEqual([
      ['America/Edmonton', ['Canada/Mountain']],
      ['Asia/Kolkata', ['Asia/Calcutta']],
      ['US/Pacific-New', []],
    ]);
  });

  it('counts the accounts, pinned keys and webhook endpoints the activation job would tell, before anything goes live', async () => {
    const id = await waitingRelease('2026y', [
      { zone: 'America/Edmonton', changes: EDMONTON },
      { zone: 'Asia/Kolkata', changes: KOLKATA },
    ]);
    const [india, canada, elsewhere] = [await insertUser(m.em), await insertUser(m.em), await insertUser(m.em)];
    used = new Map([
      [india.id, ['Asia/Kolkata']],
      [canada.id, ['America/Edmonton']],
    ]);
    // Endpoints of other specs' accounts on the same database, subscribed to every activation, count too.
    const before = (await notices.audience(id)).webhookEndpoints;
    await endpoint(india.id, ['tzdb.zones_changed']);
    await endpoint(india.id, ['tzdb.zones_changed'], false);
    await endpoint(canada.id, ['key.rotated']);
    await endpoint(elsewhere.id, ['tzdb.release.activated']);
    // Canada's key pinned to 2026b would move Edmonton; its key on the active release and India's unpinned key would not.
    await key(canada.id, '2026b');
    await key(canada.id, null);
    await key(india.id, null);
    await key(elsewhere.id, '2026b');
    const audience = await notices.audience(id);
    expect(audience).toMatchObject({ version: '2026y', accounts: 2, pinnedKeys: 1 });
    // India's enabled zones_changed endpoint, and the release.activated one (every activation): other subscriptions tell nobody.
    expect(audience.webhookEndpoints - before).toBe(2);
  });

  it('an unknown release is 404, and a discarded one is gone while the active one stays', async () => {
    await expect(reviews.review(randomUUID())).rejects.toMatchObject({ status: 404 });
    await expect(notices.audience('not-an-id')).rejects.toMatchObject({ status: 404 });
    const id = await waitingRelease('2026z', []);
    const actor = { userId: null, email: 'admin@example.com', ip: null };
    expect(await reviews.discard(actor, id)).toEqual({ version: '2026z' });
    await expect(reviews.review(id)).rejects.toMatchObject({ status: 404 });
    await expect(reviews.discard(actor, id)).rejects.toMatchObject({ status: 404 });
  });
});
