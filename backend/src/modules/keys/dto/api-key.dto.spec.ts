import { expectSingleLine } from '../../../../test/support/field-errors.js';
import { CreateApiKeyDto, UpdateApiKeyDto } from './api-key.dto.js';

describe('control characters refused at input', () => {
  it("a key's name is one line (x\r\nBcc: victim@example is refused with a field error)", async () => {
    await expectSingleLine(CreateApiKeyDto, { name: '?' }, 'name');
  });
  it("a renamed key's name is one line", async () => {
    await expectSingleLine(UpdateApiKeyDto, { name: '?' }, 'name');
  });
});
