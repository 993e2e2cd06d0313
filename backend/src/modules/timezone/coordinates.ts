import { timezoneProblem } from './timezone.errors.js';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Query strings to numbers, strictly: "12abc" or "" is invalid_coordinates, not NaN or 0. */
export function parseCoordinate(value: string, field: 'latitude' | 'longitude'): number {
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) {
    throw timezoneProblem('invalid_coordinates', `${field} "${value}" is not a decimal number.`, field);
  }
  return Number(trimmed);
}
