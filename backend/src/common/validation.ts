import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { dropNulls, nulProblem } from './input-hygiene.js';
import { FieldError, Problems } from './problem.js';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? (/^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
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
    stopAtFirstError: true,
    exceptionFactory: (errors) => Problems.validation(flatten(errors)),
  });
}
