import { jest } from '@jest/globals';
import { localizeAnswer } from '../../../src/modules/timezone/cldr/localize.js';
import { AnswerMemo } from '../../../src/modules/timezone/answer-memo.js';
import { TimeEngine } from '../../../src/modules/timezone/engine/time-engine.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** US clocks go forward at 07:00 UTC on this day; the EU's at 01:00 UTC on 2026-03-29. */
const BEFORE_US = Date.parse('2026-03-08T06:59:59.000Z');
const AFTER_US = Date.parse('2026-03-08T07:00:00.000Z');
const BEFORE_EU = Date.parse('2026-03-29T00:59:59.999Z');
const AFTER_EU = Date.parse('2026-03-29T01:00:00.000Z');

describe('place answers (search, lookup) given again while exact', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await createApiKey(t, await createUser(t, { plan: 'enterprise' })));
  });
  afterEach(() => jest.useRealTimers());
  afterAll(async () => {
    await t?.close();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(t.url + path, { headers: { 'x-api-key': key, ...headers } });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }

  /** What the engine answers at `now` when nothing is kept: the oracle each answer is held to. */
  function fresh(kind: 'search' | 'lookup', query: string, locale: string, now: number): unknown {
    const engine = t.app.get(TimeEngine);
    const made = kind === 'search' ? engine.search(query, now) : engine.lookup(query, now);
    return JSON.parse(JSON.stringify(localizeAnswer(engine, made, locale, now)));
  }

  const newYork = (body: { timezones: { timezone: string; utc_offset: string; timezone_name: string }[] }) =>
    body.timezones.find((z) => z.timezone === 'America/New_York')!;

  it('a search across a DST change answers each side exactly, also when the clock goes back, and a repeat is the same answer', async () => {
    const memo = t.app.get(AnswerMemo);
    freezeClock(BEFORE_US);
    const first = await get('/api/timezone/search?city=New%20York');
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(first.text)).toEqual(fresh('search', 'New York', 'en', BEFORE_US));
    expect(newYork(JSON.parse(first.text))).toMatchObject({ utc_offset: '-05:00', timezone_name: 'Eastern Standard Time' });
    const kept = memo.size;
    expect((await get('/api/timezone/search?city=New%20York')).text).toBe(first.text);
    expect(memo.size).toBe(kept);

    jest.setSystemTime(AFTER_US);
    const after = JSON.parse((await get('/api/timezone/search?city=New%20York')).text);
    expect(after).toEqual(fresh('search', 'New York', 'en', AFTER_US));
    expect(newYork(after)).toMatchObject({ utc_offset: '-04:00', timezone_name: 'Eastern Daylight Time' });

    jest.setSystemTime(BEFORE_US);
    expect(newYork(JSON.parse((await get('/api/timezone/search?city=New%20York')).text))).toMatchObject({ utc_offset: '-05:00' });
  });

  it('a lookup keeps one answer per language, and XML and CSV are made from the kept answer, not its JSON', async () => {
    freezeClock(BEFORE_EU);
    const en = JSON.parse((await get('/api/timezone/lookup?location=Paris')).text);
    expect(en).toEqual(fresh('lookup', 'Paris', 'en', BEFORE_EU));
    expect(en.candidates[0]).toMatchObject({ timezone: 'Europe/Paris', utc_offset: '+01:00', timezone_name: 'Central European Standard Time' });
    const fr = JSON.parse((await get('/api/timezone/lookup?location=Paris&lang=fr')).text);
    expect(fr).toEqual(fresh('lookup', 'Paris', 'fr', BEFORE_EU));
    expect(fr.candidates[0].timezone_name).toBe('heure normale d’Europe centrale');

    const xml = await get('/api/timezone/lookup?location=Paris&format=xml');
    expect(xml.type).toMatch(/^application\/xml/);
    expect(xml.text).toContain('<timezone>Europe/Paris</timezone>');
    const csv = await get('/api/timezone/lookup?location=Paris', { accept: 'text/csv' });
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.text.split('\n')[1]).toContain('Europe/Paris');

    jest.setSystemTime(AFTER_EU);
    const summer = JSON.parse((await get('/api/timezone/lookup?location=Paris')).text);
    expect(summer).toEqual(fresh('lookup', 'Paris', 'en', AFTER_EU));
    expect(summer.candidates[0]).toMatchObject({ utc_offset: '+02:00', timezone_name: 'Central European Summer Time' });
  });

  it("a zone's transitions over a defaulted range are this year's, and the next year's from its first instant on", async () => {
    const engine = t.app.get(TimeEngine);
    const oracle = (now: number, from?: string, to?: string) =>
      JSON.parse(JSON.stringify(localizeAnswer(engine, engine.transitions('Europe/London', from, to, now), 'en', now)));
    freezeClock(Date.parse('2026-12-31T23:59:59.999Z'));
    const late = JSON.parse((await get('/api/timezone/transitions?timezone=Europe/London')).text);
    expect(late).toEqual(oracle(Date.now()));
    expect(late.transitions.map((c: { at: string }) => c.at)).toEqual(['2026-03-29T01:00:00.000Z', '2026-10-25T01:00:00.000Z']);
    const fixed = (await get('/api/timezone/transitions?timezone=Europe/London&from=2024-01-01&to=2025-01-01')).text;

    jest.setSystemTime(Date.parse('2027-01-01T00:00:00.000Z'));
    const next = JSON.parse((await get('/api/timezone/transitions?timezone=Europe/London')).text);
    expect(next).toEqual(oracle(Date.now()));
    expect(next.transitions.map((c: { at: string }) => c.at)).toEqual(['2027-03-28T01:00:00.000Z', '2027-10-31T01:00:00.000Z']);
    // A range of its own does not move with the clock.
    expect((await get('/api/timezone/transitions?timezone=Europe/London&from=2024-01-01&to=2025-01-01')).text).toBe(fixed);
    expect(JSON.parse(fixed)).toEqual(oracle(Date.now(), '2024-01-01', '2025-01-01'));
  });

  it('the zone at a coordinate turns with the DST change too', async () => {
    const engine = t.app.get(TimeEngine);
    const oracle = (now: number) => JSON.parse(JSON.stringify(localizeAnswer(engine, engine.zoneAt(40.7128, -74.006, now), 'en', now)));
    const path = '/api/timezone/coordinate?latitude=40.7128&longitude=-74.006';
    freezeClock(BEFORE_US);
    const winter = JSON.parse((await get(path)).text);
    expect(winter).toEqual(oracle(BEFORE_US));
    expect(winter).toMatchObject({ timezone: 'America/New_York', utc_offset: '-05:00', dst_active: false, abbreviation: 'EST' });
    jest.setSystemTime(AFTER_US);
    const summer = JSON.parse((await get(path)).text);
    expect(summer).toEqual(oracle(AFTER_US));
    expect(summer).toMatchObject({ utc_offset: '-04:00', dst_active: true, abbreviation: 'EDT' });
  });

  it('ANSWER_MEMO_CHARS=0 keeps nothing and answers the same', async () => {
    const bare = await createTestApp({ ANSWER_MEMO_CHARS: '0' });
    try {
      const { key: other } = await createApiKey(bare, await createUser(bare, { plan: 'enterprise' }));
      const ask = async () => (await fetch(`${bare.url}/api/timezone/search?city=san`, { headers: { 'x-api-key': other } })).text();
      const first = await ask();
      expect(await ask()).toBe(first);
      expect(bare.app.get(AnswerMemo).size).toBe(0);
      expect(JSON.parse(first).timezones.length).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  });

  it('the MCP search tool gives the kept answer as its structured content and its text', async () => {
    freezeClock(AFTER_US);
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_cities', arguments: { city: 'New York' } } }),
    });
    const { result } = (await res.json()) as { result: { structuredContent: unknown; content: { text: string }[] } };
    expect(result.structuredContent).toEqual(fresh('search', 'New York', 'en', AFTER_US));
    expect(JSON.parse(result.content[1].text)).toEqual(result.structuredContent);
  });
});
