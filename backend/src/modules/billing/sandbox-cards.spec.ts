import { cardBehaviour, cardErrors, luhnValid } from './sandbox-cards.js';

describe('sandbox test cards', () => {
  it('accepts the Stripe test numbers by the Luhn check and refuses a mistyped one', () => {
    for (const n of ['4242424242424242', '4000002500003155', '4000002760003184', '4000000000000002']) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it('follows Stripe: 4242 succeeds, 3155 and 3184 need 3-D Secure, 0002 is declined', () => {
    expect(cardBehaviour('4242424242424242')).toBe('succeeds');
    expect(cardBehaviour('4000002500003155')).toBe('requires_action');
    expect(cardBehaviour('4000002760003184')).toBe('requires_action');
    expect(cardBehaviour('4000000000000002')).toBe('declined');
  });

  it('names each bad field: number, past expiry, short cvc', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(cardErrors({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }, now)).toEqual([]);
    const errors = cardErrors({ number: '1234', expMonth: 10, expYear: 2026, cvc: '1' }, now);
    expect(errors.map((e) => e.field)).toEqual(['number', 'expYear', 'cvc']);
    expect(cardErrors({ number: '4242424242424242', expMonth: 13, expYear: 30, cvc: '123' }, now)[0].field).toBe('expMonth');
  });
});
