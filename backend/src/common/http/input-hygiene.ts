import { Problems } from '../problems/problem.js';
import type { ProblemException } from '../problems/problem.js';

const NUL = '\u0000';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The path of the first string (value or member name) holding a NUL character, or null. PostgreSQL text cannot store one. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (depth > 40 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, member] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return field;
    const found = findNul(member, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A `null` member of a JSON object means the same as leaving it out (required fields then fail validation). */
export function dropNulls<T>(value: T, depth = 0): T {
  if (depth > 40 || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    // JSON.parse makes "__proto__" an own member; assigned here it would set the copy's prototype. No DTO has it, so
    // it goes the way of every unknown member: dropped.
    if (member !== null && key !== '__proto__') out[key] = dropNulls(member, depth + 1);
  }
  return out as T;
}

/** 400 naming the field when any string of the input holds a NUL character; null otherwise. */
export function nulProblem(value: unknown, where: string): ProblemException | null {
  const field = findNul(value, '');
  if (field === null) return null;
  const name = field || where;
  return Problems.validation([{ field: name, message: `${name} must not contain NUL characters` }]);
}
