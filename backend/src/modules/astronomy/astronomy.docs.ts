import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { ProblemException } from '../../common/problems/problem.js';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { publicAddress } from '../timezone/ip/ip-address.js';
import { AstronomyProblems } from './astronomy.errors.js';

function problemExample(problem: ProblemException) {
  const { instance: _instance, ...doc } = problem.toDocument();
  return { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example: doc } };
}

/** The 400 problems of this route besides the time zone API's (thrown for real, so the examples are the answers). */
export const ASTRONOMY_BAD_REQUESTS: Record<string, () => unknown> = {
  invalid_place: () => {
    throw AstronomyProblems.invalidPlace([]);
  },
  invalid_elevation: () => {
    throw AstronomyProblems.invalidElevation('12000');
  },
  date_out_of_range: () => {
    throw AstronomyProblems.dateOutOfRange('date', '1850-01-01');
  },
  range_too_long: () => {
    throw AstronomyProblems.rangeTooLong(45);
  },
};

/** A city nothing matches (404), and an address with no place (422, the time-by-IP answer's). */
export const AstronomyPlaceResponses = () =>
  applyDecorators(
    ApiResponse({
      status: 404,
      description: 'No city matches `city` (`unknown_city`), or the IP data holds no place for `ip` (`ip_not_located`).',
      content: problemExample(AstronomyProblems.unknownCity('Atlantis')),
    }),
    ApiResponse({
      status: 422,
      description: '`ip` is a private, loopback, link-local, shared, documentation, multicast or reserved address (`ip_not_public`).',
      content: (() => {
        try {
          publicAddress('192.168.1.20', false);
        } catch (problem) {
          return problemExample(problem as ProblemException);
        }
        throw new Error('192.168.1.20 was not refused');
      })(),
    }),
  );
