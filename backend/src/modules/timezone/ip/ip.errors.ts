import { ProblemException } from '../../../common/problems/problem.js';

/** Problem codes of the time-by-IP answers; their HTTP status is in src/problem-codes.ts. */
export type IpLocationProblemCode = 'invalid_ip' | 'ip_not_public' | 'ip_not_located';

export const IpProblems = {
  /** Not an IPv4 or IPv6 address. */
  invalidIp: (value: string) =>
    new ProblemException({
      status: 400,
      code: 'invalid_ip',
      detail: `"${value}" is not an IPv4 or IPv6 address (for example 81.2.69.142 or 2001:67c:2e8::1).`,
      field: 'ip',
    }),
  /** Private, loopback, link-local, documentation, multicast or otherwise reserved: no place on the map to answer. */
  notPublic: (ip: string, range: string, kind: string, fromCaller: boolean) =>
    new ProblemException({
      status: 422,
      code: 'ip_not_public',
      detail:
        `${ip} is a ${kind.replace(/_/g, ' ')} address (${range}): it has no location.` +
        (fromCaller ? ' It is the address your request came from; behind a proxy, the server needs TRUST_PROXY, or send ?ip=.' : ''),
      field: 'ip',
      extra: { ip, range, kind },
    }),
  /** A public address the IP database holds no zone for. */
  notLocated: (ip: string) =>
    new ProblemException({
      status: 404,
      code: 'ip_not_located',
      detail: `The IP location data holds no time zone for ${ip}. Ask by city (GET /api/timezone/lookup) or by coordinates instead.`,
      field: 'ip',
      extra: { ip },
    }),
};
