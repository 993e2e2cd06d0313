import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { ReleaseChanges } from '../../src/modules/tzdb/release-changes.js';
import type { ReleaseSource } from '../../src/modules/tzdb/release-source.js';
import type { TzRelease } from '../../src/modules/tzdb/tz-release.js';
import { TzReleasesRepository } from '../../src/modules/tzdb/tz-releases.repository.js';
import { mediumModule } from './medium.js';
import type { Medium } from './medium.js';

/** Versions no real release has (the table is shared with the run's other medium specs; they are deleted after). */
const PREFIX = '9m';
let counter = 0;

/** A release as the repository stores it: only the fields it writes matter here, nothing is compiled. */
function source(origin: ReleaseSource['origin'] = 'upload'): ReleaseSource {
  const release = { version: `${PREFIX}${++counter}`, digest: randomBytes(16).toString('hex'), listedZoneCount: 3, links: new Map(), compileMs: 5 };
  return { release: release as unknown as TzRelease, bytes: Buffer.from(`# version ${release.version}\n`), description: 'medium spec', origin };
}

const NO_CHANGES = { zones: [], added: [], removed: [] } as unknown as ReleaseChanges;

describe('tzdb: TzReleasesRepository on the real database', () => {
  let m: Medium;
  let releases: TzReleasesRepository;
  let activeBefore: string | undefined;

  beforeAll(async () => {
    m = await mediumModule({ providers: [TzReleasesRepository] });
    releases = m.get(TzReleasesRepository);
    activeBefore = (await releases.activeIdAndDigest())?.id;
  });

  afterAll(async () => {
    const conn = m?.em.getConnection();
    await conn?.execute(`delete from tz_releases where version like ?`, [`${PREFIX}%`]);
    if (activeBefore) await conn?.execute(`update tz_releases set is_active = true where id = ?`, [activeBefore]);
    await m?.close();
  });

  it('stores a release with its gzipped source, and storing the same release again loads that row again', async () => {
    const s = source();
    const first = await releases.transaction((tx) => tx.store(s, null, NO_CHANGES));
    expect(first).toMatchObject({ version: s.release.version, digest: s.release.digest, source: 'medium spec', is_active: false });
    expect(gunzipSync((await releases.fork().sourceGz(first.id))!).toString()).toBe(s.bytes.toString());
    const again = await releases.transaction((tx) => tx.store(s, null, NO_CHANGES));
    expect(again.id).toBe(first.id);
    expect(new Date(again.loaded_at).getTime()).toBeGreaterThanOrEqual(new Date(first.loaded_at).getTime());
    expect((await releases.transaction((tx) => tx.byVersionAndDigest(s.release.version, s.release.digest)))?.id).toBe(first.id);
    expect(await releases.isStored(s.release.version, s.release.digest)).toBe(true);
  });

  it('makes one row the active one: the one active before is not any more', async () => {
    const [a, b] = [source(), source()];
    const rowA = await releases.transaction(async (tx) => {
      await tx.lockActivation();
      const row = await tx.store(a, null, NO_CHANGES);
      await tx.makeActive(row.id);
      return row;
    });
    const rowB = await releases.transaction(async (tx) => {
      await tx.lockActivation();
      const row = await tx.store(b, null, NO_CHANGES);
      await tx.makeActive(row.id);
      return row;
    });
    expect((await releases.transaction((tx) => tx.active()))?.id).toBe(rowB.id);
    expect(await releases.activeById(rowA.id)).toBeUndefined();
    expect((await releases.transaction((tx) => tx.all())).filter((r) => r.is_active).map((r) => r.id)).toEqual([rowB.id]);
  });

  it('an activation whose transaction fails leaves the active row as it was and stores nothing', async () => {
    const before = await releases.activeIdAndDigest();
    const s = source();
    await expect(
      releases.transaction(async (tx) => {
        await tx.lockActivation();
        await tx.makeActive((await tx.store(s, null, NO_CHANGES)).id);
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('the audit row could not be written');
    expect(await releases.activeIdAndDigest()).toEqual(before);
    expect(await releases.isStored(s.release.version, s.release.digest)).toBe(false);
  });

  it('a release stored to wait is not published, is found by its id again, and is the only kind that can be discarded', async () => {
    const w = source('feed');
    const id = await releases.transaction((tx) => tx.insertWaiting(w, NO_CHANGES));
    // The same release offered again: the row it has, not a second one.
    expect(await releases.transaction((tx) => tx.insertWaiting(w, NO_CHANGES))).toBe(id);
    expect((await releases.reviewRow(id))?.waiting).toBe(true);
    expect((await releases.published()).map((r) => r.id)).not.toContain(id);
    const live = await releases.transaction((tx) => tx.store(source(), null, NO_CHANGES));
    expect(await releases.discardWaiting(live.id)).toBeUndefined();
    expect(await releases.discardWaiting(id)).toBe(w.release.version);
    expect(await releases.reviewRow(id)).toBeUndefined();
  });

  it('a waiting release loaded again goes live', async () => {
    const w = source('feed');
    const id = await releases.transaction((tx) => tx.insertWaiting(w, NO_CHANGES));
    const row = await releases.transaction((tx) => tx.reload(id, null, NO_CHANGES));
    expect(row.id).toBe(id);
    expect((await releases.reviewRow(id))?.waiting).toBe(false);
    expect((await releases.published()).map((r) => r.id)).toContain(id);
  });
});
