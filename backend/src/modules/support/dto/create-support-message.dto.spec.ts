import { expectSingleLine } from '../../../../test/support/field-errors.js';
import { CreateSupportMessageDto } from './create-support-message.dto.js';

describe('control characters refused at input', () => {
  it("a support message's sender name is one line", async () => {
    await expectSingleLine(CreateSupportMessageDto, { name: '?', email: 'ada@example.com', subject: 'Hi', message: 'Hello\nthere' }, 'name');
  });
  it("a support message's subject is one line (its body keeps its line breaks)", async () => {
    await expectSingleLine(CreateSupportMessageDto, { name: 'Ada', email: 'ada@example.com', subject: '?', message: 'Hello\nthere' }, 'subject');
  });
});
