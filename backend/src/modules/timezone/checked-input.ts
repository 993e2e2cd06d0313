import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { validateSync } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { Problems, type FieldError } from '../../common/problem.js';

type Dto<T> = new () => T;

/** Same rules as the global ValidationPipe (whitelist, stop at first error), without class-transformer's per-request cost. */
const OPTIONS = { whitelist: true, forbidUnknownValues: true, stopAtFirstError: true } as const;

function check<T extends object>(dto: Dto<T>, source: unknown, where: 'query' | 'body'): T {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) {
    throw Problems.validation([{ field: where, message: `${where} must be a JSON object` }]);
  }
  const instance = Object.assign(new dto(), source);
  const errors = validateSync(instance, OPTIONS);
  if (errors.length > 0) {
    const fields: FieldError[] = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((message) => ({ field: e.property, message })));
    throw Problems.validation(fields);
  }
  return instance;
}

const queryParam = createParamDecorator((dto: Dto<object>, ctx: ExecutionContext) =>
  check(dto, ctx.switchToHttp().getRequest<FastifyRequest>().query ?? {}, 'query'),
);
const bodyParam = createParamDecorator((dto: Dto<object>, ctx: ExecutionContext) =>
  check(dto, ctx.switchToHttp().getRequest<FastifyRequest>().body, 'body'),
);

/**
 * The query string validated against a class-validator DTO. The hot routes of the sold API use this
 * instead of @Query() + the global pipe (about 4x cheaper per request); Swagger still reads the DTO.
 */
export function CheckedQuery<T extends object>(dto: Dto<T>): ParameterDecorator {
  return (target, key, index) => {
    queryParam(dto)(target, key, index);
    if (key !== undefined) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      if (descriptor) ApiQuery({ type: dto })(target, key, descriptor);
    }
  };
}

/** The JSON body validated against a class-validator DTO, as CheckedQuery does for query strings. */
export function CheckedBody<T extends object>(dto: Dto<T>): ParameterDecorator {
  return bodyParam(dto);
}
