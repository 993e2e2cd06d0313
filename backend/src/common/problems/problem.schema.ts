import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PROBLEM_CODES } from './problem-catalog.js';
import type { ProblemCode } from './problem-code.js';

/** The answer formats the sold API offers (the 406 problem lists them; modules/gateway/formats.ts serves them). */
export const RESPONSE_FORMATS = ['json', 'xml', 'csv'] as const;

export class FieldErrorSchema {
  @ApiProperty({ description: 'The input field at fault (dotted/indexed path).', example: 'toTimeZones[1]' })
  field!: string;
  @ApiProperty({ example: 'toTimeZones must contain no more than 100 elements' })
  message!: string;
}

/**
 * RFC 9457 problem document as the global filter renders it, with every extension member the API sends. A new
 * extension member belongs here first: the contract test validates every problem against this schema.
 */
export class ProblemDocumentSchema {
  @ApiProperty({
    description: "URI of the problem type: the section of the site's errors page (/docs/errors#<code>) that explains the code.",
    example: 'https://tzapi.dev/docs/errors#invalid_timezone',
  })
  type!: string;
  @ApiProperty({ example: 'Invalid time zone' })
  title!: string;
  @ApiProperty({ description: 'The HTTP status.', example: 400 })
  status!: number;
  @ApiPropertyOptional({ example: '"Mars/Base" is not an IANA time zone name.' })
  detail?: string;
  @ApiProperty({
    enum: PROBLEM_CODES,
    enumName: 'ProblemCode',
    description: 'Stable machine-readable code (every one the API answers; src/problem-codes.ts).',
    example: 'invalid_timezone',
  })
  code!: ProblemCode;
  @ApiPropertyOptional({ description: 'Path of the request.', example: '/api/time/current' })
  instance?: string;
  @ApiPropertyOptional({ description: 'The input field at fault (time zone problems).', example: 'timezone' })
  field?: string;
  @ApiPropertyOptional({ type: [FieldErrorSchema], description: 'Every field that failed validation (code `validation_failed`).' })
  errors?: FieldErrorSchema[];
  @ApiPropertyOptional({ description: 'What to send instead (e.g. for a zone abbreviation).', example: 'Use an IANA zone name (Area/City).' })
  hint?: string;
  @ApiPropertyOptional({ type: [String], description: 'Zone names that use a refused abbreviation.', example: ['America/New_York', 'America/Toronto'] })
  candidates?: string[];
  @ApiPropertyOptional({
    enum: ['gap', 'overlap', 'unspecified', 'private', 'loopback', 'link_local', 'shared', 'documentation', 'benchmarking', 'multicast', 'reserved'],
    description: 'Code `invalid_local_time`: a skipped (gap) or repeated (overlap) wall-clock time. Code `ip_not_public`: why the address has no location.',
    example: 'gap',
  })
  kind?: string;
  @ApiPropertyOptional({ description: 'Codes `ip_not_public` and `ip_not_located`: the address asked about.', example: '192.168.1.20' })
  ip?: string;
  @ApiPropertyOptional({ description: 'Code `ip_not_public`: the special-purpose range holding the address.', example: '192.168.0.0/16' })
  range?: string;
  @ApiPropertyOptional({ description: 'Gap: the wall-clock time the clocks jump from.', example: '2024-03-31T01:00:00' })
  gapStart?: string;
  @ApiPropertyOptional({ description: 'Gap: the wall-clock time the clocks jump to.', example: '2024-03-31T02:00:00' })
  gapEnd?: string;
  @ApiPropertyOptional({ description: 'Gap: the first valid instant after it.', example: '2024-03-31T02:00:00+01:00' })
  firstValidTime?: string;
  @ApiPropertyOptional({
    type: [String],
    description: 'Overlap refused with dstAmbiguity=reject: both instants.',
    example: ['2024-10-27T01:30:00+01:00', '2024-10-27T01:30:00+00:00'],
  })
  options?: string[];
  @ApiPropertyOptional({ enum: RESPONSE_FORMATS, isArray: true, description: 'Code `not_acceptable`: the formats offered.', example: ['json', 'xml', 'csv'] })
  supported?: string[];
  @ApiPropertyOptional({ description: 'Code `email_not_verified`: the account must verify its e-mail first.', example: true })
  needsVerification?: boolean;
  @ApiPropertyOptional({ description: 'Code `email_not_verified`: the address to verify.', example: 'ada@example.com' })
  email?: string;
  @ApiPropertyOptional({ description: 'Code `too_many_attempts`: seconds until the next attempt is accepted (also in Retry-After).', example: 60 })
  retryAfter?: number;
  @ApiPropertyOptional({ description: "Code `unknown_release`: the release asked for (tzdb=, Tzdb-Version or the key's pin).", example: '2019z' })
  version?: string;
  @ApiPropertyOptional({
    type: [String],
    description: 'Code `unknown_release`: the releases this server has stored, newest first.',
    example: ['2026f', '2026b'],
  })
  storedVersions?: string[];
  @ApiPropertyOptional({
    type: [String],
    description: 'Code `build_unavailable`: the builds (history=) the release was loaded with.',
    example: ['backzone'],
  })
  availableBuilds?: string[];
}
