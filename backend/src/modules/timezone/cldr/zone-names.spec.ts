import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { lookupLocale, metazoneAt, resolveLocale, territoryName } from './cldr-data.js';
import { zoneNames } from './zone-names.js';

/** CLDR's JSON as read: nested objects of strings. */
type Tree = { [key: string]: Tree | string | undefined };
/** The string at a path of a CLDR tree (undefined where CLDR has none). */
const at = (tree: Tree, ...path: string[]) =>
  path.reduce<Tree | string | undefined>((node, key) => (node as Tree | undefined)?.[key], tree) as string | undefined;

const require = createRequire(import.meta.url);
const dir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const namesOf = (locale: string): Tree =>
  JSON.parse(readFileSync(join(dir('cldr-dates-full'), 'main', locale, 'timeZoneNames.json'), 'utf8')).main[locale].dates.timeZoneNames;
const territories = (locale: string): Tree =>
  JSON.parse(readFileSync(join(dir('cldr-localenames-full'), 'main', locale, 'territories.json'), 'utf8')).main[locale].localeDisplayNames.territories;

const JULY = Date.UTC(2024, 6, 1, 12);

describe('CLDR zone names (TR35 fallbacks), checked against the CLDR files', () => {
  it('a zone-specific name wins over its metazone (Europe/London in summer: British Summer Time, not a GMT daylight name)', () => {
    const fr = namesOf('fr');
    const names = zoneNames('fr', 'Europe/London', JULY, true, 3600, 'GB');
    expect(names.timezone_name).toBe(at(fr, 'zone', 'Europe', 'London', 'long', 'daylight'));
    expect(names.exemplar_city).toBe(at(fr, 'zone', 'Europe', 'London', 'exemplarCity'));
    // No generic name in CLDR for the GMT metazone, and London changes names with DST: the region format with the country.
    expect(names.timezone_generic_name).toBe(at(fr, 'regionFormat')!.replace('{0}', at(territories('fr'), 'GB')!));
  });

  it('a zone without metazone or place is named by the localized GMT format', () => {
    const de = namesOf('de');
    expect(metazoneAt('Etc/GMT+5', JULY)).toBeNull();
    const names = zoneNames('de', 'Etc/GMT+5', JULY, false, -5 * 3600);
    const [, minus] = at(de, 'hourFormat')!.split(';');
    expect(names.timezone_name).toBe(at(de, 'gmtFormat')!.replace('{0}', minus.replace('HH', '05').replace('mm', '00')));
    expect(names.exemplar_city).toBeNull();
  });

  it('a metazone without daylight names reads the standard one as generic (Asia/Kathmandu)', () => {
    const ja = namesOf('ja');
    const names = zoneNames('ja', 'Asia/Katmandu', JULY, false, 5 * 3600 + 45 * 60, 'NP');
    expect(names.timezone_name).toBe(at(ja, 'metazone', 'Nepal', 'long', 'standard'));
    expect(names.timezone_generic_name).toBe(at(ja, 'metazone', 'Nepal', 'long', 'generic') ?? at(ja, 'metazone', 'Nepal', 'long', 'standard'));
  });

  it('locales fall back as CLDR says: parentLocales, the language, likely script, else none', () => {
    expect(lookupLocale('pt-BR')).toBe('pt');
    expect(lookupLocale('pt-MZ')).toBe('pt-MZ');
    expect(lookupLocale('en-US')).toBe('en');
    expect(lookupLocale('zh-TW')).toBe('zh-Hant');
    expect(lookupLocale('fr_be')).toBe('fr-BE');
    expect(lookupLocale('xx')).toBeNull();
    expect(resolveLocale('xx')).toBe('en');
    expect(territoryName('GB')).toBe(at(territories('en'), 'GB'));
  });
});
