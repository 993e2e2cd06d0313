import { ProblemException } from '../../common/problems/problem.js';

/** Problem codes of the business-time answers (holidays, business days, working hours); their HTTP status is in src/problem-codes.ts. */
export type BusinessTimeProblemCode =
  | 'unknown_country'
  | 'unknown_subdivision'
  | 'year_out_of_range'
  | 'days_out_of_range'
  | 'working_time_out_of_range'
  | 'invalid_opening_hours'
  | 'invalid_weekend';

/** The years the holiday data is answered for. */
export const HOLIDAY_YEARS = { from: 1970, to: 2100 } as const;
/** The most business days one request moves. */
export const MAX_BUSINESS_DAYS = 10_000;

export const BusinessTimeProblems = {
  unknownCountry: (country: string, field = 'country') =>
    new ProblemException({
      status: 400,
      code: 'unknown_country',
      detail: `"${country}" is not a country the holiday data covers. Send an ISO 3166-1 alpha-2 code; GET /api/holidays/countries lists them.`,
      field,
    }),
  unknownSubdivision: (country: string, subdivision: string, known: string[]) =>
    new ProblemException({
      status: 400,
      code: 'unknown_subdivision',
      detail:
        known.length > 0
          ? `"${subdivision}" is not a subdivision of ${country} in the holiday data. Known: ${known.join(', ')}.`
          : `The holiday data has no subdivisions for ${country}: leave subdivision out.`,
      field: 'subdivision',
    }),
  yearOutOfRange: (year: number, field: string) =>
    new ProblemException({
      status: 400,
      code: 'year_out_of_range',
      detail: `${field} reaches the year ${year}; holidays and business days are answered for ${HOLIDAY_YEARS.from} to ${HOLIDAY_YEARS.to}.`,
      field,
    }),
  daysOutOfRange: (days: number) =>
    new ProblemException({
      status: 400,
      code: 'days_out_of_range',
      detail: `days is ${days}; one request moves at most ${MAX_BUSINESS_DAYS} business days forward or back.`,
      field: 'days',
    }),
  workingTimeOutOfRange: (field: string) =>
    new ProblemException({
      status: 400,
      code: 'working_time_out_of_range',
      detail: `${field} asks for more working time than the opening hours hold in one year (366 days) from the start; ask for less.`,
      field,
    }),
  invalidOpeningHours: (detail: string, field = 'openingHours') => new ProblemException({ status: 400, code: 'invalid_opening_hours', detail, field }),
  invalidWeekend: (detail: string) => new ProblemException({ status: 400, code: 'invalid_weekend', detail, field: 'weekend' }),
};
