import { splitName } from './auth.service.js';

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Grace Brewster Murray Hopper')).toEqual({ firstName: 'Grace', lastName: 'Brewster Murray Hopper' });
  });

  it('a single word is the first name; extra spaces collapse', () => {
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitName('  Alan   Mathison  Turing ')).toEqual({ firstName: 'Alan', lastName: 'Mathison Turing' });
  });

  it('keeps each part within the 100-character columns', () => {
    const { firstName, lastName } = splitName(`${'a'.repeat(150)} ${'b'.repeat(150)}`);
    expect([firstName.length, lastName.length]).toEqual([100, 100]);
  });
});
