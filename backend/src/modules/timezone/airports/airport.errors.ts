import { ProblemException } from '../../../common/problems/problem.js';

/** Problem codes of the airport answers; their HTTP status is in src/problem-codes.ts. */
export type AirportProblemCode = 'unknown_airport';

export const AirportProblems = {
  /** No airport in the data has this IATA or ICAO code. */
  unknown: (code: string) =>
    new ProblemException({
      status: 404,
      code: 'unknown_airport',
      detail: `No airport has the IATA or ICAO code "${code}" in the airport data (OurAirports' medium and large airports).`,
      field: 'code',
      extra: { airportCode: code },
    }),
};
