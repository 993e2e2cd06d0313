import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's validation schema: per field, a rule that answers the message when the value is invalid
 * (else null, undefined or false). Rules see every value and the form's `context` (e.g. the sign-in form's mode).
 */
export type FormSchema<T extends FieldValues, C = undefined> = {
  [K in keyof T]?: (value: T[K], values: T, context: C) => string | null | undefined | false;
};

/** The react-hook-form resolver of a FormSchema: one message per invalid field, the values unchanged when all pass. */
export function schemaResolver<T extends FieldValues, C = undefined>(schema: FormSchema<T, C>): Resolver<T, C> {
  return (values, context) => {
    const errors: Record<string, FieldError> = {};
    for (const field of Object.keys(schema) as (keyof T & string)[]) {
      const message = schema[field]?.(values[field], values, context as C);
      if (message) errors[field] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<T> } : { values, errors: {} };
  };
}
