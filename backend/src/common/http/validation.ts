import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { dropNulls, nulProblem } from './input-hygiene.js';
import { FieldError, Problems } from '../problems/problem.js';

/** class-validator's type checks: when one fails, its message ("must be a string") is the one that explains the others. */
const TYPE_CHECKS = ['isDefined', 'isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject', 'nestedValidation', 'isEnum', 'isDateString'];

/**
 * The one message a field gets: the failed type check if there is one (a number where a string belongs says
 * "must be a string", not that it is too long), else the first rule it broke. Validation runs every rule of a field
 * (not stopAtFirstError, whose "first" is the decorator nearest the property) so the type check is among them.
 */
export function fieldMessage(constraints: Record<string, string> | undefined): string[] {
  if (!constraints) return [];
  const type = TYPE_CHECKS.find((name) => constraints[name] !== undefined);
  const first = type ? constraints[type] : Object.values(constraints)[0];
  return first === undefined ? [] : [first];
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? (/^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
    const own = fieldMessage(error.constraints).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Before class-validator: a NUL character in any string of the body, query or path is refused (400 naming the field),
 * and a `null` member of a body is read as absent, so optional fields fall back to their default and required ones fail.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const problem = nulProblem(value, metadata.data ?? metadata.type);
      if (problem) throw problem;
      if (metadata.type === 'body') value = dropNulls(value);
    }
    return super.transform(value, metadata);
  }
}

/** Validates every DTO; unknown properties are stripped (no mass assignment), errors list each field. */
export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => Problems.validation(flatten(errors)),
  });
}
