import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_RELEASES_DIR, bundledRelease } from './bundled-release.js';
import { compileBytes, packFolder, readReleasePath, releaseFolderFiles } from './release-source.js';

const bundledDir = join(BUNDLED_RELEASES_DIR, bundledRelease().version);

describe('release sources', () => {
  it('a folder packed for storage compiles, as a tarball, to the same release', () => {
    const packed = packFolder(bundledDir);
    expect(packed.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const release = compileBytes(packed);
    const bundled = bundledRelease();
    expect(release.version).toBe(bundled.version);
    expect(release.zones.size).toBe(bundled.zones.size);
    expect(release.links.size).toBe(bundled.links.size);
    expect(release.countries.size).toBe(bundled.countries.size);
    expect(release.zone('America/Edmonton')!.periodAt(Date.parse('2026-12-15T12:00:00Z')).offsetSeconds).toBe(-6 * 3600);
  });

  it('a tarball becomes the files of a release folder (both builds’ tzdata.zi and the three tables)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tzrel-'));
    try {
      const tarball = join(dir, 'tzdata.tar.gz');
      writeFileSync(tarball, packFolder(bundledDir));
      expect(readReleasePath(tarball).description).toBe('file tzdata.tar.gz');
      const files = releaseFolderFiles(tarball, bundledRelease().version);
      expect([...files.keys()].sort()).toEqual(['iso3166.tab', 'tzdata-main.zi', 'tzdata.zi', 'zone.tab', 'zone1970.tab']);
      expect(files.get('tzdata.zi')!.toString('utf8')).toContain(`# version ${bundledRelease().version}`);
      expect(files.get('tzdata.zi')!.toString('utf8')).toMatch(/^# ddeps backzone/m);
      expect(files.get('tzdata-main.zi')!.toString('utf8')).not.toMatch(/^# ddeps backzone/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
