import { expectSingleLine, HOSTILE_NAMES } from '../../../test/support/field-errors.js';
import { hasControlCharacters, SingleLine, withoutControlCharacters } from './control-characters.js';

class Named {
  @SingleLine('Name')
  name!: string;
}

describe('control characters in customer names', () => {
  it('are found in every class and stripped to one space per run', () => {
    for (const text of HOSTILE_NAMES) expect(hasControlCharacters(text)).toBe(true);
    expect(hasControlCharacters('Büro Zürich — prod (北京) 🚀')).toBe(false);
    expect(withoutControlCharacters('x\r\nBcc: victim@example')).toBe('x Bcc: victim@example');
    expect(withoutControlCharacters('line one\r\nline two\u2028\tend', true)).toBe('line one\r\nline two end');
  });

  it('SingleLine answers the validation problem with a field error', async () => {
    await expectSingleLine(Named, {}, 'name');
  });
});
