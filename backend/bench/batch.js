// The batch routes' cost without HTTP: a 1,000 × 50 conversion matrix and a 10,000-item impact check, streamed to a
// sink as the route streams them, against the same answer built whole. Time per answer, and the heap held at its peak
// (collected before each sample: run with --expose-gc, as run.js does).
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TimeEngine } from '../dist/modules/timezone/engine/time-engine.js';
import { matrixAnswer } from '../dist/modules/timezone/batch/conversion-matrix.js';
import { impactAnswer } from '../dist/modules/timezone/batch/impact-check.js';
import { BatchReply, streamBatch } from '../dist/modules/timezone/batch/streamed-answer.js';
import { bundledRelease, BUNDLED_RELEASES_DIR } from '../dist/modules/tzdb/bundled-release.js';
import { compileRelease } from '../dist/modules/tzdb/compile-release.js';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const MB = 1024 * 1024;

const release = bundledRelease();
const engine = new TimeEngine(release);
const zones = [...release.zones.keys()].filter((z) => z.includes('/') && !z.startsWith('Etc/')).slice(0, 50);
const instants = Array.from({ length: 1000 }, (_, i) => new Date(Date.UTC(2020, 0, 1) + i * 7 * 3_600_000).toISOString());

/** A reader that takes each chunk as it comes; with `sample`, collects and measures the held heap every 32 chunks. */
async function streamed(make, format) {
  // Timed without sampling (a collection per sample would dominate), then run again to sample the held heap.
  await drain(make(), format, false);
  const timed = await drain(make(), format, false);
  const sampled = await drain(make(), format, true);
  return { ...timed, heldMB: sampled.heldMB };
}

async function drain(answer, format, sample) {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  let bytes = 0;
  let chunks = 0;
  const started = performance.now();
  await pipeline(
    streamBatch(answer, format),
    new Writable({
      write(chunk, _enc, done) {
        bytes += chunk.length;
        if (++chunks % 32 === 0 && sample) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - base);
        }
        done();
      },
    }),
  );
  return { ms: performance.now() - started, bytes, heldMB: peak / MB };
}

function whole(make, format) {
  BatchReply.text(make(), format);
  const answer = make();
  gc();
  const base = process.memoryUsage().heapUsed;
  const started = performance.now();
  const text = BatchReply.text(answer, format);
  const ms = performance.now() - started;
  gc();
  const held = process.memoryUsage().heapUsed - base;
  return { ms, bytes: text.length, heldMB: held / MB };
}

const row = (label, r) =>
  console.log(`${label.padEnd(46)} ${r.ms.toFixed(0).padStart(6)} ms  ${(r.bytes / MB).toFixed(1).padStart(5)} MB answer  heap held ${r.heldMB.toFixed(1)} MB`);

for (const format of ['csv', 'json', 'xml']) {
  row(`matrix 1000×50 ${format}, streamed`, await streamed(() => matrixAnswer(engine, instants, zones), format));
  row(
    `matrix 1000×50 ${format}, built whole (for contrast)`,
    whole(() => matrixAnswer(engine, instants, zones), format),
  );
}

const zi = readFileSync(join(BUNDLED_RELEASES_DIR, release.version, 'tzdata.zi'), 'utf8')
  .replace(/^# version \S+/m, '# version 2099a')
  .replace(/^(Z Asia\/Kolkata[\s\S]*?\n5:30 - IST)$/m, '$1 2030 Jan 15\n6 - %z');
const compileStarted = performance.now();
const changed = compileRelease({ kind: 'zi', text: zi }, release);
console.log(`compile a second stored release (first use): ${(performance.now() - compileStarted).toFixed(0)} ms`);
const events = Array.from({ length: 10_000 }, (_, i) => ({
  localDateTime: new Date(Date.UTC(2029, 0, 1) + i * 6_311_000).toISOString().slice(0, 19),
  timeZone: zones[i % 50],
}));
row('impact 10,000 events json, streamed', await streamed(() => impactAnswer('events', events, release, changed), 'json'));
row('impact 10,000 events csv, streamed', await streamed(() => impactAnswer('events', events, release, changed), 'csv'));
