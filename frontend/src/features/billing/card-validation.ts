/** Client-side checks of the sandbox card form (the server checks the same again). */
export interface CardFields {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
export function formatCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
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
  if (!expiry || expiry.month < 1 || expiry.month > 12) errors.expiry = "Your card's expiration date is incomplete.";
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) {
    errors.expiry = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(fields.cvc)) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}
