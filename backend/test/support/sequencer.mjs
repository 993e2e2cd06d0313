// Jest's order, except how it guesses a file's length when it has no timing for it (a fresh clone, as in CI): by the
// file's size. A lane (test/integration/lanes/*.spec.ts) is four lines that import the cases of the folders it names,
// so Jest ranked the longest files of the run last, and the run ended on one worker with a long lane while the other
// idled. Here a lane weighs what its folders' TypeScript weighs. Files Jest has timings for (an earlier run on the
// same machine) rank as before. It also checks that every folder of whole-app cases is in exactly one lane, since a
// folder in none would silently never run.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const JestSequencer = Sequencer.default ?? Sequencer;

/** The folders a lane names: the quoted words of its `laneCases(import.meta.url, [...])` call, however it is wrapped. */
function laneFolders(path) {
  const list = /laneCases\(\s*import\.meta\.url\s*,\s*\[([^\]]*)\]/.exec(readFileSync(path, 'utf8'))?.[1] ?? '';
  return [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
}

const isLane = (path) => basename(dirname(path)) === 'lanes' && path.endsWith('.spec.ts');

function folderWeight(folder) {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
}

function weight(path) {
  if (!isLane(path)) return statSync(path).size;
  const integration = dirname(dirname(path));
  return laneFolders(path).reduce((sum, folder) => sum + folderWeight(join(integration, folder)), 0);
}

/** Every folder of `*.case.ts` files under test/integration is named by exactly one lane. */
function checkLanes(lanesDir) {
  const integration = dirname(lanesDir);
  const named = new Map();
  for (const lane of readdirSync(lanesDir).filter((name) => name.endsWith('.spec.ts'))) {
    for (const folder of laneFolders(join(lanesDir, lane))) named.set(folder, [...(named.get(folder) ?? []), lane]);
  }
  const problems = [];
  for (const entry of readdirSync(integration, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'lanes') continue;
    if (!readdirSync(join(integration, entry.name)).some((name) => name.endsWith('.case.ts'))) continue;
    const lanes = named.get(entry.name) ?? [];
    if (lanes.length !== 1) problems.push(`test/integration/${entry.name} is in ${lanes.length ? lanes.join(' and ') : 'no lane'}`);
  }
  if (problems.length) throw new Error(`every folder of whole-app cases runs in exactly one lane (test/integration/lanes): ${problems.join('; ')}`);
}

export default class SuiteWeightSequencer extends JestSequencer {
  sort(tests) {
    const lane = tests.find((t) => isLane(t.path));
    if (lane) checkLanes(dirname(lane.path));
    const known = new Map(tests.map((t) => [t.path, { failed: this.hasFailed(t), duration: this.time(t), weight: weight(t.path) }]));
    for (const t of tests) t.duration = known.get(t.path).duration;
    // As Jest's own sort: last run's failures first, then the files without a timing, then the longest first.
    return tests.sort((a, b) => {
      const x = known.get(a.path);
      const y = known.get(b.path);
      if (x.failed !== y.failed) return x.failed ? -1 : 1;
      if ((x.duration == null) !== (y.duration == null)) return x.duration == null ? -1 : 1;
      if (x.duration != null && y.duration != null) return y.duration - x.duration;
      return y.weight - x.weight;
    });
  }
}
