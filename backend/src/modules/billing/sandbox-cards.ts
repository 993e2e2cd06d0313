import { cardDigits, cvcValid, expiryProblem, luhnValid } from '@tzapi/shared/cards';

/** Stripe's documented test cards, which the sandbox follows (decisions section 5). */
export type CardBehaviour = 'succeeds' | 'requires_action' | 'declined' | 'attach_ok_charge_fails';

const SPECIAL = new Map<string, CardBehaviour>([
  ['4000002500003155', 'requires_action'],
  ['4000002760003184', 'requires_action'],
  ['4000000000003220', 'requires_action'],
  ['4000000000000002', 'declined'],
  ['4000000000009995', 'declined'],
  ['4000000000000341', 'attach_ok_charge_fails'],
]);

export function cardBehaviour(number: string): CardBehaviour {
  return SPECIAL.get(number) ?? 'succeeds';
}

export { cardBrand, luhnValid } from '@tzapi/shared/cards';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Field-level problems with a card, in the words a card form shows; empty when the card is acceptable. */
export function cardErrors(card: CardInput, now = new Date()): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const number = cardDigits(card.number);
  if (!luhnValid(number)) errors.push({ field: 'number', message: 'Your card number is invalid.' });
  const expiry = expiryProblem(card.expMonth, card.expYear, now);
  if (expiry === 'month') errors.push({ field: 'expMonth', message: "Your card's expiration month is invalid." });
  else if (expiry === 'past') errors.push({ field: 'expYear', message: "Your card's expiration date is in the past." });
  else if (expiry === 'too_far') errors.push({ field: 'expYear', message: "Your card's expiration year is invalid." });
  if (!cvcValid(card.cvc, number)) errors.push({ field: 'cvc', message: "Your card's security code is invalid." });
  return errors;
}
