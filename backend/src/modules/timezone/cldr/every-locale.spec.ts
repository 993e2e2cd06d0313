import { TimeEngine } from '../engine/time-engine.js';
import { availableLocales, lookupLocale, timeZoneNames } from './cldr-data.js';
import { localizeAnswer } from './localize.js';
import { zoneNames } from './zone-names.js';

const engine = new TimeEngine();
const JULY = Date.UTC(2024, 6, 1, 12);
/** Zones that take each of TR35's paths: a metazone (Paris), a zone-specific name (London), a zone of its own country, no place (Etc). */
const ZONES = ['Europe/Paris', 'Europe/London', 'Asia/Kathmandu', 'America/Argentina/La_Rioja', 'Etc/GMT+5', 'UTC'];

type Named = { timezone_name?: unknown; timezone_generic_name?: unknown; exemplar_city?: unknown; locale?: unknown };
const isText = (v: unknown) => typeof v === 'string' && v.length > 0 && !v.includes('{0}') && !v.includes('undefined');

describe('every locale CLDR ships answers time/current and timezone/info with names', () => {
  const locales = [...availableLocales()];

  it('CLDR ships hundreds of locales, each found as itself', () => {
    expect(locales.length).toBeGreaterThan(700);
    // und is root itself: a request for it is answered in English.
    expect(locales.filter((l) => lookupLocale(l) !== l)).toEqual(['und']);
  });

  it('each locale names each zone in time/current and timezone/info, never throwing', () => {
    const failures: string[] = [];
    for (const locale of locales) {
      for (const zone of ZONES) {
        try {
          const current = localizeAnswer(engine, engine.currentTime(zone, JULY), locale, JULY) as Named;
          const info = localizeAnswer(engine, engine.info(zone, undefined, JULY), locale, JULY) as Named;
          for (const answer of [current, info]) {
            if (answer.locale !== locale || !isText(answer.timezone_name) || !isText(answer.timezone_generic_name)) {
              failures.push(`${locale} ${zone}: ${JSON.stringify([answer.timezone_name, answer.timezone_generic_name, answer.locale])}`);
            }
          }
        } catch (e) {
          failures.push(`${locale} ${zone}: ${(e as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a locale without metazone names reads English ones (CLDR root has none), not a crash (aa, bo, kab)', () => {
    for (const locale of ['aa', 'aa-DJ', 'bo', 'kab', 'zgh']) {
      expect(timeZoneNames(locale).metazone).toBeUndefined();
      expect(zoneNames(locale, 'Europe/Paris', JULY, true, 7200).timezone_name).toBe(timeZoneNames('en').metazone!.Europe_Central.long!.daylight);
    }
  });

  it('a locale with a non-likely script does not read its language’s names (zh-Latn is not zh)', () => {
    expect(zoneNames('zh-Latn', 'Europe/Paris', JULY, true, 7200).timezone_name).toBe(zoneNames('en', 'Europe/Paris', JULY, true, 7200).timezone_name);
  });

  it('a zone without place is the locale’s own GMT format', () => {
    const kab = timeZoneNames('kab');
    expect(zoneNames('kab', 'Etc/GMT+5', JULY, false, -5 * 3600).timezone_name).toBe(kab.gmtFormat.replace('{0}', '-05:00'));
  });
});
