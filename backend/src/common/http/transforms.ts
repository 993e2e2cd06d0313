import { Transform } from 'class-transformer';

/** Trims and lower-cases an e-mail address; leaves non-strings alone so the type check reports them. */
export const NormalizeEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
