import { z } from 'zod';

/** A text field that must hold more than spaces; the value is kept as typed (the submit trims what it sends). */
export const filled = (message: string) => z.string().refine((value) => value.trim() !== '', message);

/** A text field that may be left empty. */
export const optionalText = z.string();
