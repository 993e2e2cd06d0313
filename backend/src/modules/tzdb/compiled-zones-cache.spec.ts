import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_RELEASES_DIR, bundledVersions } from './bundled-release.js';
import { COMPILED_THROUGH_YEAR, compileRelease } from './compile-release.js';
import type { TzRelease } from './tz-release.js';
import { writeTzif } from './tzif-writer.js';

/** As the download route writes them: through the compiled range. */
const UNTIL = Date.UTC(COMPILED_THROUGH_YEAR + 1, 0, 1);
const folder = { kind: 'folder' as const, path: join(BUNDLED_RELEASES_DIR, bundledVersions()[0]) };
const fresh = compileRelease(folder);
let freshServed: Record<string, unknown> | undefined;

/** Every zone as a customer downloads it (its TZif file), with the release's links and version. */
function served(release: TzRelease): Record<string, unknown> {
  return {
    version: release.version,
    links: [...release.links],
    zones: Object.fromEntries([...release.zones].map(([name, zone]) => [name, writeTzif(zone, UNTIL).toString('base64')])),
  };
}

/** The fresh compile's files, written once for every comparison. */
const servedFresh = () => (freshServed ??= served(fresh));

describe("the bundled release's compiled zones, kept for the next process", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'compiled-zones-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a release read back from the kept zones answers, in both builds, what one compiled anew answers', () => {
    const first = compileRelease(folder, null, { cacheDir: dir });
    expect(readdirSync(dir)).toHaveLength(1);
    const kept = compileRelease(folder, null, { cacheDir: dir });
    expect(readdirSync(dir)).toHaveLength(1);
    expect(served(first)).toEqual(servedFresh());
    expect(served(kept)).toEqual(servedFresh());
    expect(served(kept.as('main')!)).toEqual(served(fresh.as('main')!));
  });

  it('a damaged file is compiled over, and answers as before', () => {
    compileRelease(folder, null, { cacheDir: dir });
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file), 'not a compiled release');
    expect(served(compileRelease(folder, null, { cacheDir: dir }))).toEqual(servedFresh());
    expect(served(compileRelease(folder, null, { cacheDir: dir }))).toEqual(servedFresh());
  });

  it('another source is kept under another name, and answers its own zones', () => {
    compileRelease(folder, null, { cacheDir: dir });
    const zi = '# version 2099a\nZ Etc/Test 1 - TST\nL Etc/Test Etc/Alias\n';
    const made = compileRelease({ kind: 'zi', text: zi }, fresh, { cacheDir: dir });
    const again = compileRelease({ kind: 'zi', text: zi }, fresh, { cacheDir: dir });
    expect(readdirSync(dir)).toHaveLength(2);
    expect([...again.zones.keys()]).toEqual(['Etc/Test']);
    expect(served(again)).toEqual(served(made));
    expect(again.zone('Etc/Alias')!.periodAt(Date.UTC(2026, 0, 1)).offsetSeconds).toBe(3600);
  });
});
