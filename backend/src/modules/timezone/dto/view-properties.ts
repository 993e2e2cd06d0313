/** Field documentation many of the timezone answers share (OpenAPI). */

export const OFFSET = {
  description: 'UTC offset, ±HH:MM (±HH:MM:SS for the few historical offsets with seconds).',
  example: '-04:00',
  pattern: '^[+-]\\d{2}:\\d{2}(:\\d{2})?$',
};
export const INSTANT = { description: 'ISO 8601 date-time with its numeric offset.', example: '2024-07-01T09:00:00-04:00' };
/** The zone names every answer naming a zone carries, from Unicode CLDR: in English, or in the language of `lang` (or Accept-Language). */
export const NAME = {
  description: "The zone's specific name at that instant, in English or the language of `lang` (Unicode CLDR; follows the metazone in force then).",
  example: 'Eastern Daylight Time',
};
export const GENERIC_NAME = {
  description: "The zone's generic name, the same in summer and winter, in English or the language of `lang` (Unicode CLDR).",
  example: 'Eastern Time',
};
export const EXEMPLAR_CITY = {
  type: String,
  nullable: true,
  description:
    "The zone's exemplar city in English or the language of `lang` (Unicode CLDR; from the zone name where CLDR has none); null for zones of no place (UTC, Etc/*).",
  example: 'New York',
};
export const LOCALE = {
  description:
    'The Unicode CLDR locale the names are in: en without `lang` and Accept-Language; a language CLDR lacks falls back (parent locale, then the language, then en); also the Content-Language header.',
  example: 'en',
};
export const ZONES_AT_POINT = {
  type: String,
  isArray: true,
  description:
    "Every zone timezone-boundary-builder's full release (with oceans) holds at the point, the chosen one first, in the data's own names (Asia/Vientiane, where `timezone` is the canonical Asia/Bangkok). Usually one; several where boundaries overlap or are disputed (Xinjiang: Asia/Urumqi and Asia/Shanghai) and on the date line at sea.",
  example: ['America/New_York'],
};
export const ZONE_CHOICE = {
  enum: ['only_zone', 'open_sea', 'pole', 'date_line', 'nearest_zone_location'],
  description:
    "Why `zones_at_point[0]` was chosen: `only_zone`, the data holds one land zone; `open_sea`, the data's ocean zone (nautical Etc/GMT±N by longitude); `pole`, latitude ±90, the nautical zone of the longitude; `date_line`, ±180° at sea, the nautical zone of the longitude's sign; `nearest_zone_location`, overlapping or disputed zones, the one whose tzdb principal location (zone.tab) is nearest the point. The country is the chosen zone's (zone.tab), or for a zone spanning several countries (zone1970.tab) the one whose borders hold the point.",
  example: 'only_zone',
};

/** Zone list and zone info: whether backzone gives the zone its own history before 1970 (history=). */
export const BACKZONE_HISTORY = {
  description:
    "The zone has its own history before 1970 in tzdb's backzone (Europe/Oslo's 1959-1965 summer time, Africa/Asmara's own offsets): history=backzone, the default, answers it; history=main answers the zone IANA's default build links it to (Europe/Berlin, Africa/Nairobi), as browsers do.",
  example: false,
};
