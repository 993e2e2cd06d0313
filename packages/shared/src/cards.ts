/**
 * The card checks the sandbox's server and its card form both make, so they can't disagree.
 *
 * Expiry is read in UTC on both sides: a card is good through the last day of its expiry month as that month runs in
 * UTC, so the server (UTC) and a browser in any time zone accept and refuse the same cards at the same instant.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** How far ahead an expiry may be before it reads as a typing mistake (Stripe's limit). */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

/** The digits of a card number as typed, without the spaces and dashes people put between groups. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** American Express prints a 4-digit security code, the others 3. */
export function cvcValid(cvc: string, digits: string): boolean {
  const length = cardBrand(digits) === 'amex' ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(cvc);
}

/** A two-digit year ('30') is 2030. */
export function fullExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

export type ExpiryProblem = 'month' | 'past' | 'too_far';

/** What is wrong with an expiry month and year (UTC, see above), or null when the card has not expired. */
export function expiryProblem(month: number, year: number, now: Date = new Date()): ExpiryProblem | null {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return 'month';
  const fullYear = fullExpiryYear(year);
  const thisYear = now.getUTCFullYear();
  if (fullYear < thisYear || (fullYear === thisYear && month < now.getUTCMonth() + 1)) return 'past';
  if (fullYear > thisYear + MAX_EXPIRY_YEARS_AHEAD) return 'too_far';
  return null;
}
