import { setImmediate as nextTurn } from 'node:timers/promises';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { matrixAnswer, MATRIX_MAX_INSTANTS, MATRIX_MAX_ZONES } from './conversion-matrix.js';
import { BatchReply, streamBatch } from './streamed-answer.js';
import type { ResponseFormat } from '../../gateway/formats.js';

const engine = sharedTimeEngine();
const zones = engine
  .list(0)
  .timezones.slice(0, MATRIX_MAX_ZONES)
  .map((z) => z.timezone);
const instants = Array.from({ length: MATRIX_MAX_INSTANTS }, (_, i) => new Date(Date.UTC(1990, 0, 1) + i * 86_400_000 * 13).toISOString());
/** 20,000 cells: long enough for a hundred slices, short enough for CI. */
const large = () => matrixAnswer(engine, instants.slice(0, 400), zones);
const smaller = () => matrixAnswer(engine, instants.slice(0, 200), zones);

/** Counts the turns of the event loop while `work` runs: a setImmediate callback that schedules itself again. */
async function turnsDuring(work: () => Promise<number>): Promise<{ turns: number; slices: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const slices = await work();
  running = false;
  const seen = turns;
  await nextTurn();
  return { turns: seen, slices };
}

async function read(format: ResponseFormat, onChunk: (chunk: string) => void = () => {}, answer = large()): Promise<string> {
  let text = '';
  for await (const chunk of streamBatch(answer, format)) {
    const piece = String(chunk);
    onChunk(piece);
    text += piece;
  }
  return text;
}

describe('a streamed batch answer', () => {
  it('hands the event loop back between slices: a 400 × 50 matrix lets another task run once per slice', async () => {
    const { turns, slices } = await turnsDuring(async () => {
      let chunks = 0;
      await read('json', () => chunks++);
      return chunks;
    });
    // 20,000 cells of JSON come in over a hundred 16 KiB slices; each is computed in its own turn of the loop.
    expect(slices).toBeGreaterThan(100);
    expect(turns).toBeGreaterThanOrEqual(slices - 1);
  });

  it('is the same text, byte for byte, as the answer written in one go, in every format', async () => {
    for (const format of ['json', 'xml', 'csv'] as const) {
      expect(await read(format, undefined, smaller())).toBe(BatchReply.text(smaller(), format));
    }
  });

  it('an answer built whole (an MCP tool call) also lets other tasks run while it is computed', async () => {
    let whole: Record<string, unknown> = {};
    const { turns } = await turnsDuring(async () => {
      whole = await BatchReply.whole(large());
      return 0;
    });
    expect(JSON.stringify(whole)).toBe(BatchReply.text(large(), 'json'));
    // Sliced by time (2 ms), so the count depends on the machine's speed; one turn at least shows it does not hold on.
    expect(turns).toBeGreaterThan(0);
  });
});
