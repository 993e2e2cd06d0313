import { expectSingleLine } from '../../../../test/support/field-errors.js';
import { RegisterDto, UpdateProfileDto } from './auth.dto.js';

describe('control characters refused at input', () => {
  it('the name given at sign-up is one line', async () => {
    await expectSingleLine(RegisterDto, { name: '?', email: 'ada@example.com', password: 'a long passphrase 123' }, 'name');
  });
  it("the profile's first name is one line", async () => {
    await expectSingleLine(UpdateProfileDto, { email: 'ada@example.com', firstName: '?', lastName: 'Lovelace' }, 'firstName');
  });
  it("the profile's last name is one line", async () => {
    await expectSingleLine(UpdateProfileDto, { email: 'ada@example.com', firstName: 'Ada', lastName: '?' }, 'lastName');
  });
});
