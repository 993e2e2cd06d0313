/** The sandbox card form's checks: the rules are the server's own (@tzapi/shared/cards), worded for a form. */
import { cvcValid, expiryProblem, luhnValid } from '@tzapi/shared/cards';

export { luhnValid };

export interface CardFields {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12 / 30' while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = value.replace(/\s/g, '').match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!m) return null;
  const year = Number(m[2]);
  return { month: Number(m[1]), year: year < 100 ? 2000 + year : year };
}

export function validateCard(fields: CardFields, now = new Date()): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const digits = fields.number.replace(/\D/g, '');
  if (!digits) errors.number = 'Card number is required';
  else if (!luhnValid(digits)) errors.number = 'Your card number is invalid.';
  const expiry = parseExpiry(fields.expiry);
  const problem = expiry ? expiryProblem(expiry.month, expiry.year, now) : 'month';
  if (problem === 'month') errors.expiry = "Your card's expiration date is incomplete.";
  else if (problem === 'past') errors.expiry = "Your card's expiration date is in the past.";
  else if (problem === 'too_far') errors.expiry = "Your card's expiration year is invalid.";
  if (!cvcValid(fields.cvc, digits)) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}
