import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { jest } from '@jest/globals';
import { createApiKey, createUser } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

/** CLDR's own files, read here: the expected names are the data's, never typed in by hand. */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const zoneNamesOf = (locale: string): Json =>
  readJson(join(packageDir('cldr-dates-full'), 'main', locale, 'timeZoneNames.json')).main[locale].dates.timeZoneNames;
const territoriesOf = (locale: string): Json =>
  readJson(join(packageDir('cldr-localenames-full'), 'main', locale, 'territories.json')).main[locale].localeDisplayNames.territories;
const metazoneTree = readJson(join(packageDir('cldr-core'), 'supplemental', 'metaZones.json')).supplemental.metaZones.metazoneInfo.timezone;
const cldrVersion = readJson(join(packageDir('cldr-core'), 'package.json')).version as string;

type Use = { usesMetazone: { _mzone: string; _from?: string; _to?: string } };
function metazoneHistories(): [string, Use[]][] {
  const out: [string, Use[]][] = [];
  const walk = (node: Json, path: string) => {
    for (const [key, value] of Object.entries(node)) {
      const id = path ? `${path}/${key}` : key;
      if (Array.isArray(value)) out.push([id, value as Use[]]);
      else walk(value as Json, id);
    }
  };
  walk(metazoneTree, '');
  return out;
}
const utc = (cldr: string) => Date.parse(`${cldr.replace(' ', 'T')}:00Z`);
const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('zone names in the reader’s language (CLDR)', () => {
  let t: TestApp;
  let key = '';

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, { plan: 'enterprise' });
    key = (await createApiKey(t, user)).key;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(t.url + path, { headers: { 'X-API-Key': key, ...headers } });
    return { status: res.status, headers: res.headers, json: (await res.json()) as Json };
  }

  it('Europe/Paris in July, lang=fr: the French summer name of Europe_Central; lang=ja: the Japanese one', async () => {
    for (const locale of ['fr', 'ja']) {
      const names = zoneNamesOf(locale);
      const a = await get(`/api/timezone/info?timezone=Europe/Paris&date=2024-07-15&lang=${locale}`);
      expect(a.status).toBe(200);
      expect(a.json.dst_active).toBe(true);
      expect(a.json.timezone_name).toBe(names.metazone.Europe_Central.long.daylight);
      expect(a.json.timezone_generic_name).toBe(names.metazone.Europe_Central.long.generic);
      // French CLDR has no exemplar city of its own for Paris: the zone ID's, as TR35 says.
      expect(a.json.exemplar_city).toBe(names.zone.Europe?.Paris?.exemplarCity ?? 'Paris');
      expect(a.json.location.country).toBe(territoriesOf(locale).FR);
      expect(a.json.locale).toBe(locale);
      expect(a.headers.get('content-language')).toBe(locale);
    }
    // The brief's own words, as a check that the data read above is what readers see.
    expect(zoneNamesOf('fr').metazone.Europe_Central.long.daylight).toBe('heure d’été d’Europe centrale');
  });

  it('America/Los_Angeles in January, lang=en: Pacific Standard Time', async () => {
    const a = await get('/api/timezone/info?timezone=America/Los_Angeles&date=2024-01-15&lang=en');
    expect(a.status).toBe(200);
    expect(a.json.dst_active).toBe(false);
    expect(a.json.timezone_name).toBe(zoneNamesOf('en').metazone.America_Pacific.long.standard);
    expect(a.json.timezone_name).toBe('Pacific Standard Time');
    expect(a.json.timezone_generic_name).toBe(zoneNamesOf('en').metazone.America_Pacific.long.generic);
    // English CLDR has no exemplar city for it: the zone ID's last part, as TR35 says.
    expect(a.json.exemplar_city).toBe('Los Angeles');
  });

  it('a zone that moved between metazones answers the name in force at the instant asked', async () => {
    const en = zoneNamesOf('en');
    // From CLDR's history: a stretch of at least 10 days after 1971 in one metazone, then another metazone, both named in English.
    const named = (mz: string) => en.metazone[mz]?.long?.standard !== undefined && en.metazone[mz]?.long?.daylight !== undefined;
    const cases: { zone: string; before: string; after: string; at: number; later: number }[] = [];
    for (const [zone, uses] of metazoneHistories()) {
      for (let i = 0; i + 1 < uses.length; i++) {
        const u = uses[i].usesMetazone;
        const next = uses[i + 1].usesMetazone;
        if (!u._from || !u._to || !next._from || u._mzone === next._mzone || !named(u._mzone) || !named(next._mzone)) continue;
        const from = utc(u._from);
        const to = utc(u._to);
        const nextTo = next._to ? utc(next._to) : Infinity;
        if (from < Date.UTC(1971, 0, 1) || to - from < 10 * day || nextTo - to < 10 * day) continue;
        if (zone.split('/').reduce((node: Json | undefined, part) => node?.[part], en.zone)?.long) continue;
        cases.push({ zone, before: u._mzone, after: next._mzone, at: from + (to - from) / 2, later: to + 5 * day });
      }
    }
    expect(cases.length).toBeGreaterThan(0);
    let checked = 0;
    for (const c of cases) {
      const before = await get(`/api/timezone/info?timezone=${c.zone}&date=${isoDate(c.at)}&lang=en`);
      if (before.status !== 200 || before.json.timezone !== c.zone) continue; // a zone this tzdb files under another name
      const after = await get(`/api/timezone/info?timezone=${c.zone}&date=${isoDate(c.later)}&lang=en`);
      const nameOf = (mz: string, dst: boolean) => en.metazone[mz].long[dst ? 'daylight' : 'standard'] as string;
      expect(nameOf(c.before, false)).not.toBe(nameOf(c.after, false));
      expect(before.json.timezone_name).toBe(nameOf(c.before, before.json.dst_active));
      expect(after.json.timezone_name).toBe(nameOf(c.after, after.json.dst_active));
      expect(before.json.timezone_generic_name).toBe(en.metazone[c.before].long.generic);
      expect(after.json.timezone_generic_name).toBe(en.metazone[c.after].long.generic);
      if (++checked >= 3) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('an unsupported lang falls back as CLDR says and names the locale used', async () => {
    const fr = zoneNamesOf('fr').metazone.Europe_Central.long.daylight;
    // fr-CH is CLDR's own locale; xx-YY is nothing CLDR knows: English.
    const swiss = await get('/api/timezone/info?timezone=Europe/Paris&date=2024-07-15&lang=fr-ch');
    expect(swiss.json.locale).toBe('fr-CH');
    expect(swiss.json.timezone_name).toBe(zoneNamesOf('fr-CH').metazone.Europe_Central.long.daylight);
    const belgianDutch = await get('/api/timezone/info?timezone=Europe/Paris&date=2024-07-15&lang=fr-XK');
    expect(belgianDutch.json.locale).toBe('fr');
    expect(belgianDutch.json.timezone_name).toBe(fr);
    const brazil = await get('/api/timezone/info?timezone=America/Sao_Paulo&date=2024-07-15&lang=pt-BR');
    expect(brazil.json.locale).toBe('pt');
    expect(brazil.json.timezone_name).toBe(zoneNamesOf('pt').metazone.Brasilia.long.standard);
    const unknown = await get('/api/timezone/info?timezone=Europe/Paris&date=2024-07-15&lang=xx-YY');
    expect(unknown.status).toBe(200);
    expect(unknown.json.locale).toBe('en');
    expect(unknown.headers.get('content-language')).toBe('en');
    expect(unknown.json.timezone_name).toBe(zoneNamesOf('en').metazone.Europe_Central.long.daylight);
    const bad = await get('/api/timezone/info?timezone=Europe/Paris&lang=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
  });

  it('Accept-Language names the language when lang is absent; without either the names are English', async () => {
    freezeClock(Date.UTC(2024, 6, 15, 12));
    const de = await get('/api/time/current?timezone=Europe/Berlin', { 'Accept-Language': 'xx;q=1, de-AT;q=0.9, en;q=0.5' });
    expect(de.json.locale).toBe('de-AT');
    expect(de.json.timezone_name).toBe(zoneNamesOf('de-AT').metazone.Europe_Central.long.daylight);
    const plain = await get('/api/time/current?timezone=Europe/Berlin');
    expect(plain.json.timezone_name).toBe(zoneNamesOf('en').metazone.Europe_Central.long.daylight);
    expect(plain.json.timezone_generic_name).toBe(zoneNamesOf('en').metazone.Europe_Central.long.generic);
    expect(plain.json.exemplar_city).toBe('Berlin');
    expect(plain.json.locale).toBe('en');
    expect(plain.headers.get('content-language')).toBe('en');
    expect(plain.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    const both = await get('/api/time/current?timezone=Europe/Berlin&lang=ja', { 'Accept-Language': 'de' });
    expect(both.json.locale).toBe('ja');
    // The landing page's keyless demo answers in the visitor's language too.
    const demo = await fetch(`${t.url}/api/public/demo/current?timezone=America/Los_Angeles`, { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    const demoAnswer = (await demo.json()) as Json;
    expect(demoAnswer.locale).toBe('fr');
    expect(demoAnswer.timezone_name).toBe(zoneNamesOf('fr').metazone.America_Pacific.long.daylight);
  });

  it('countries are named by CLDR, in English by default and in the language asked', async () => {
    const en = territoriesOf('en');
    const london = await get('/api/time/current?timezone=Europe/London');
    expect(london.json.location.country).toBe(en.GB);
    const list = await get('/api/timezone/list?lang=fr');
    const apia = list.json.timezones.find((z: Json) => z.timezone === 'Pacific/Apia');
    expect(apia.country).toBe(territoriesOf('fr').WS);
    expect(apia.timezone_name).toBe(zoneNamesOf('fr').metazone.Apia.long[apia.dst_active ? 'daylight' : 'standard']);
    const search = await get('/api/timezone/search?city=bangui');
    expect(search.json.timezones[0].country).toBe(en.CF);
  });

  it('a zone CLDR files under its old spelling (Asia/Kolkata, CLDR Asia/Calcutta) is named', async () => {
    const a = await get('/api/timezone/info?timezone=Asia/Kolkata&date=2024-07-15&lang=fr');
    expect(a.json.timezone_name).toBe(zoneNamesOf('fr').metazone.India.long.standard);
    expect(a.json.exemplar_city).toBe(zoneNamesOf('fr').zone.Asia.Calcutta.exemplarCity);
  });

  it('conversions name the target zone at the converted instant (camelCase, as the conversion answers are)', async () => {
    const ja = zoneNamesOf('ja');
    const one = await fetch(`${t.url}/api/conversion/timezone?lang=ja`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ fromTimeZone: 'America/New_York', toTimeZone: 'Asia/Calcutta', dateTime: '2024-01-15T09:00:00' }),
    });
    const single = (await one.json()) as Json;
    expect(single.timeZoneName).toBe(ja.metazone.India.long.standard);
    expect(single.exemplarCity).toBe(ja.zone.Asia.Calcutta.exemplarCity);
    expect(single.requestedTimeZones.timeZoneName).toBeUndefined();
    expect(single.locale).toBe('ja');
    const many = await fetch(`${t.url}/api/conversion/multi?lang=en`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ fromTimeZone: 'UTC', toTimeZones: ['America/Los_Angeles', 'Europe/Paris'], dateTime: '2024-07-01T12:00:00' }),
    });
    const [la, paris] = ((await many.json()) as Json).conversions as Json[];
    const en = zoneNamesOf('en');
    expect(la.timeZoneName).toBe(en.metazone.America_Pacific.long.daylight);
    expect(paris.timeZoneName).toBe(en.metazone.Europe_Central.long.daylight);
    expect(paris.timeZoneGenericName).toBe(en.metazone.Europe_Central.long.generic);
  });

  it('the MCP tool takes lang as its REST operation does', async () => {
    freezeClock(Date.UTC(2024, 6, 15, 12));
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_current_time', arguments: { timezone: 'Europe/Paris', lang: 'fr' } },
      }),
    });
    const answer = ((await res.json()) as Json).result.structuredContent as Json;
    expect(answer.timezone_name).toBe(zoneNamesOf('fr').metazone.Europe_Central.long.daylight);
    expect(answer.locale).toBe('fr');
  });

  it('the IP answers are named too: in English by default, in the language of lang', async () => {
    freezeClock(Date.UTC(2024, 0, 15, 12));
    const plain = await get('/api/time/current/ip?ip=81.2.69.142');
    expect(plain.json.timezone).toBe('Europe/London');
    expect(plain.json.timezone_name).toBe(zoneNamesOf('en').zone.Europe.London.long?.standard ?? zoneNamesOf('en').metazone.GMT.long.standard);
    expect(plain.json.locale).toBe('en');
    const fr = await get('/api/timezone/ip?ip=81.2.69.142&lang=fr');
    expect(fr.json.timezone_name).toBe(zoneNamesOf('fr').zone.Europe.London.long?.standard ?? zoneNamesOf('fr').metazone.GMT.long.standard);
    expect(fr.json.exemplar_city).toBe(zoneNamesOf('fr').zone.Europe.London.exemplarCity);
    expect(fr.json.location.country).toBe(territoriesOf('fr').GB);
    expect(fr.json.locale).toBe('fr');
  });

  it('transitions name each change on both sides', async () => {
    const de = zoneNamesOf('de');
    const a = await get('/api/timezone/transitions?timezone=Europe/Berlin&from=2024-01-01&to=2025-01-01&lang=de');
    const [spring, autumn] = a.json.transitions as Json[];
    expect(spring.timezone_name_before).toBe(de.metazone.Europe_Central.long.standard);
    expect(spring.timezone_name_after).toBe(de.metazone.Europe_Central.long.daylight);
    expect(autumn.timezone_name_after).toBe(de.metazone.Europe_Central.long.standard);
    expect(a.json.locale).toBe('de');
  });

  it('/api/health names the CLDR version', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(((await res.json()) as Json).cldrVersion).toBe(cldrVersion);
  });
});
