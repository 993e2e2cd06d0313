/** The time engine's answers, one interface per question (time-engine.ts answers them, and re-exports them). */

export interface ZoneLocation {
  country: string | null;
  country_code: string | null;
  region: string;
  city: string | null;
}

export interface CurrentTime {
  timezone: string;
  requested_timezone?: string;
  canonical_timezone?: string;
  /** The zone's Microsoft Windows ID (CLDR windowsZones), or null when CLDR maps none to it. */
  windows_zone: string | null;
  current_time: string;
  utc_offset: string;
  dst_active: boolean;
  abbreviation: string;
  location: ZoneLocation;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A city (or, for lookup by zone name, the zone itself) with the zone in force there. */
export interface PlaceCandidate {
  timezone: string;
  city: string | null;
  province: string | null;
  country: string | null;
  country_code: string | null;
  coordinates: Coordinates | null;
  population: number | null;
  utc_offset: string;
}

export interface ZoneListItem {
  timezone: string;
  canonical_timezone: string;
  windows_zone: string | null;
  country_code: string | null;
  country: string | null;
  region: string;
  main_city: string | null;
  utc_offset: string;
  abbreviation: string;
  dst_active: boolean;
  observes_dst: boolean;
  /** The zone has its own history before 1970 in tzdb's backzone (history=backzone answers it; history=main its link target's). */
  backzone_history: boolean;
}

export interface TransitionView {
  at: string;
  local_before: string;
  local_after: string;
  offset_before: string;
  offset_after: string;
  offset_before_seconds: number;
  offset_after_seconds: number;
  abbreviation_before: string;
  abbreviation_after: string;
  dst_after: boolean;
}

export interface TransitionsAnswer {
  timezone: string;
  from: string;
  to: string;
  transitions: TransitionView[];
  total: number;
}

export interface ZoneInfo extends CurrentTime {
  date: string;
  raw_offset: string;
  dst_offset: string | null;
  observes_dst: boolean;
  backzone_history: boolean;
  dst_start: string | null;
  dst_end: string | null;
}

export interface ConversionResult {
  fromTimeZone: string;
  toTimeZone: string;
  originalDateTime: string;
  convertedDateTime: string;
  dstActive: boolean;
  abbreviation: string;
  utcOffset: string;
  inputOffsetUsed: boolean;
  ambiguous: boolean;
  options?: { originalDateTime: string; convertedDateTime: string }[];
  requestedTimeZones?: { fromTimeZone?: string; toTimeZone?: string };
}

/** One target of a multi-conversion. */
export interface TargetConversion {
  timezone: string;
  convertedTime: string;
  abbreviation: string;
  utcOffset: string;
  dstActive: boolean;
  options?: { originalDateTime: string; convertedDateTime: string }[];
}

export interface CalculationResult {
  originalDateTime: string;
  timeSpan: string;
  resultDateTime: string;
  timeZone: string | null;
  arithmetic: 'calendar' | 'exact';
}

export interface DifferenceResult {
  startDateTime: string;
  endDateTime: string;
  timeZone: string | null;
  difference: {
    totalSeconds: number;
    totalMinutes: number;
    totalHours: number;
    totalDays: number;
    breakdown: { days: number; hours: number; minutes: number; seconds: number };
  };
}

export interface DayOfWeekResult {
  date: string;
  dayOfWeek: string;
  dayOfWeekNumber: number;
  isWeekend: boolean;
  weekNumber: number;
  dayOfYear: number;
}

/** Field names of a conversion's body and of its GET form. */
