/** Stripe's documented test cards, which the sandbox follows (decisions section 5). */
export type CardBehaviour = 'succeeds' | 'requires_action' | 'declined' | 'attach_ok_charge_fails';

const SPECIAL: Record<string, CardBehaviour> = {
  '4000002500003155': 'requires_action',
  '4000002760003184': 'requires_action',
  '4000000000003220': 'requires_action',
  '4000000000000002': 'declined',
  '4000000000009995': 'declined',
  '4000000000000341': 'attach_ok_charge_fails',
};

export function cardBehaviour(number: string): CardBehaviour {
  return SPECIAL[number] ?? 'succeeds';
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Field-level problems with a card, in the words a card form shows; empty when the card is acceptable. */
export function cardErrors(card: CardInput, now = new Date()): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) errors.push({ field: 'number', message: 'Your card number is invalid.' });
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const month = card.expMonth;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    errors.push({ field: 'expMonth', message: "Your card's expiration month is invalid." });
  } else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    errors.push({ field: 'expYear', message: "Your card's expiration date is in the past." });
  } else if (year > now.getUTCFullYear() + 20) {
    errors.push({ field: 'expYear', message: "Your card's expiration year is invalid." });
  }
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) errors.push({ field: 'cvc', message: "Your card's security code is invalid." });
  return errors;
}
