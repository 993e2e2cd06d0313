import { Transform } from 'class-transformer';

/**
 * A number field that also takes its digits as a string (query strings, form posts). Only a string is converted:
 * anything else reaches the validators as sent, so `true` is not read as 1, and an object whose `toString` member is
 * not a function (`{"toString": 1}`, which `Number()` cannot convert and throws on) fails the field's type check with
 * a 400 instead of a 500. Replaces class-transformer's `@Type(() => Number)`, which calls `Number()` on any value.
 */
export function NumberInput(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value));
}
