import { z } from 'zod';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** A text field that must hold more than spaces; the value is kept as typed (the submit trims what it sends). */
export const filled = (message: string) => z.string().refine((value) => value.trim() !== '', message);

/** A text field that may be left empty. */
export const optionalText = z.string();

/**
 * Puts the server's field errors of a failed submit beside their fields: the problem's `errors` (validation) and its
 * single `field` (e.g. `wrong_password` on currentPassword). `fields` are the form's names; a field the form does not
 * have is left to the toast. Answers whether any field was marked.
 */
export function markServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError)) return false;
  const found: { field: string; message: string }[] = [...(error.problem.errors ?? [])];
  if (typeof error.problem.field === 'string') found.push({ field: error.problem.field, message: error.detail });
  let marked = false;
  for (const { field, message } of found) {
    // Validation paths name array items too ('ipRestrictions[2]'): the form field is the part before the index.
    const name = fields.find((f) => f === field.replace(/\[\d+\]$/, ''));
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !marked });
    marked = true;
  }
  return marked;
}
