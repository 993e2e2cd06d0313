import { ProblemException } from '../../common/problems/problem.js';

/** Problem codes of the sun and moon answers; their HTTP status is in src/problem-codes.ts. */
export type AstronomyProblemCode = 'invalid_place' | 'unknown_city' | 'invalid_elevation' | 'date_out_of_range' | 'range_too_long';

/** The dates the answers cover (astronomy-engine is good far beyond; these are the years customers ask about). */
export const ASTRONOMY_DATES = { first: '1900-01-01', last: '2100-12-31' };
export const ASTRONOMY_MAX_DAYS = 31;
export const ELEVATION_RANGE = { min: -500, max: 9000 };

export const AstronomyProblems = {
  /** None, or more than one, of coordinates, city and ip. */
  invalidPlace: (given: string[]) =>
    new ProblemException({
      status: 400,
      code: 'invalid_place',
      detail:
        given.length === 0
          ? 'Name the place: latitude and longitude, or city, or ip.'
          : `Name the place one way only: latitude and longitude, or city, or ip (got ${given.join(', ')}).`,
      field: given.length === 0 ? 'latitude' : given[1],
    }),
  /** The keyless world clock route answers for the live demo's zones only. */
  notADemoCity: (city: string, zones: readonly string[]) =>
    new ProblemException({
      status: 400,
      code: 'invalid_place',
      detail: `"${city}" is not in the world clock's zones (${zones.join(', ')}); GET /api/astronomy with an API key answers for every place.`,
      field: 'city',
    }),
  unknownCity: (city: string) =>
    new ProblemException({
      status: 404,
      code: 'unknown_city',
      detail: `No city matches "${city}". Try "Paris, France" or "Springfield, US" (GET /api/timezone/lookup shows the candidates), or ask by coordinates.`,
      field: 'city',
      extra: { city },
    }),
  invalidElevation: (value: string) =>
    new ProblemException({
      status: 400,
      code: 'invalid_elevation',
      detail: `elevation "${value}" is not a number of metres from ${ELEVATION_RANGE.min} to ${ELEVATION_RANGE.max}.`,
      field: 'elevation',
    }),
  dateOutOfRange: (field: string, value: string) =>
    new ProblemException({
      status: 400,
      code: 'date_out_of_range',
      detail: `${field} ${value} is outside the dates the sun and moon answers cover: ${ASTRONOMY_DATES.first} to ${ASTRONOMY_DATES.last}.`,
      field,
    }),
  rangeTooLong: (days: number) =>
    new ProblemException({
      status: 400,
      code: 'range_too_long',
      detail: `from and to span ${days} days; ask for at most ${ASTRONOMY_MAX_DAYS} days per request.`,
      field: 'to',
      extra: { days, maxDays: ASTRONOMY_MAX_DAYS },
    }),
};
