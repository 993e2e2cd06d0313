// Jest's order, except how it guesses a file's length when it has no timing for it (a fresh clone, as in CI): by the
// file's size. A folder's suite.spec.ts is four lines that import every case beside it, so Jest ranked the longest
// files of the run last, and the run ended on one worker with a long suite while the other idled. Here a suite weighs
// what its folder's TypeScript weighs. Files Jest has timings for (an earlier run on the same machine) rank as before.
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const JestSequencer = Sequencer.default ?? Sequencer;

function weight(path) {
  if (basename(path) !== 'suite.spec.ts') return statSync(path).size;
  const folder = dirname(path);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
}

export default class SuiteWeightSequencer extends JestSequencer {
  sort(tests) {
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
