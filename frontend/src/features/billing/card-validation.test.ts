import { formatCardNumber, formatExpiry, luhnValid, parseExpiry, validateCard } from './card-validation';
import { formatAmount, formatDate } from '../../lib/format';

describe('card form helpers', () => {
  it('checks numbers with Luhn and formats them in groups of four', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000002500003155')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
  });

  it('reports a past expiry and a short cvc', () => {
    const errors = validateCard({ name: '', number: '4242 4242 4242 4242', expiry: '01 / 20', cvc: '1' }, new Date('2026-11-22'));
    expect(errors).toEqual({ expiry: "Your card's expiration date is in the past.", cvc: "Your card's security code is incomplete." });
  });

  it('reads the expiry month in UTC, as the server does', () => {
    const card = { name: '', number: '4242424242424242', expiry: '11 / 26', cvc: '123' };
    // 23:30 on Nov 30 in New York is already December in UTC: the card has expired on both sides.
    expect(validateCard(card, new Date('2026-11-30T23:30:00-05:00')).expiry).toBe("Your card's expiration date is in the past.");
    expect(validateCard(card, new Date('2026-11-30T23:30:00Z'))).toEqual({});
    expect(validateCard({ ...card, expiry: '12 / 60' }, new Date('2026-11-30T00:00:00Z')).expiry).toBe("Your card's expiration year is invalid.");
  });

  it('formats amounts with 2 decimals and upper-case currency, dates as MMM d, yyyy', () => {
    expect(formatAmount('5', 'usd')).toBe('5.00 USD');
    expect(formatAmount(45.5, 'eur')).toBe('45.50 EUR');
    expect(formatDate('2026-12-22T12:00:00.000Z')).toBe('Dec 22, 2026');
    expect(formatDate('nope')).toBe('Invalid date');
    expect(formatDate(null)).toBe('Invalid date');
  });
});
