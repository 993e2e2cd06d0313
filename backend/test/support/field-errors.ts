import { expect } from '@jest/globals';
import { createValidationPipe } from '../../src/common/http/validation.js';
import { ProblemException } from '../../src/common/problems/problem.js';

/** Every control character class a name must refuse: CR, LF, tab, C0, DEL, C1 (NEL, CSI), U+2028, U+2029. */
export const HOSTILE_NAMES = ['x\r\nBcc: victim@example', 'a\nb', 'a\rb', 'a\tb', 'a\u0001b', 'a\u007fb', 'a\u0085b', 'a\u009bb', 'a\u2028b', 'a\u2029b'];

/** The field errors the app's validation pipe answers for a body, or null when it passes. */
export async function fieldErrors(metatype: new () => object, body: Record<string, unknown>): Promise<{ field: string; message: string }[] | null> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype, data: '' });
    return null;
  } catch (e) {
    if (e instanceof ProblemException && e.problem.code === 'validation_failed') return e.problem.errors ?? [];
    throw e;
  }
}

/** What each DTO spec asserts: every hostile name refused on `field` with the field error, a plain one accepted. */
export async function expectSingleLine(metatype: new () => object, body: Record<string, unknown>, field: string): Promise<void> {
  for (const text of HOSTILE_NAMES) {
    expect(await fieldErrors(metatype, { ...body, [field]: text })).toEqual([
      { field, message: expect.stringMatching(/must not contain line breaks, tabs or other control characters/) },
    ]);
  }
  expect(await fieldErrors(metatype, { ...body, [field]: 'Production — Zürich (北京)' })).toBeNull();
}
