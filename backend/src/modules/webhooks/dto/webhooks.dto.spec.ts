import { expectSingleLine } from '../../../../test/support/field-errors.js';
import { CreateWebhookDto, UpdateWebhookDto } from './webhooks.dto.js';

describe('control characters refused at input', () => {
  it("an endpoint's description is one line", async () => {
    await expectSingleLine(CreateWebhookDto, { url: 'https://example.com/h', events: ['key.created'], description: '?' }, 'description');
  });
  it("an edited endpoint's description is one line", async () => {
    await expectSingleLine(UpdateWebhookDto, { description: '?' }, 'description');
  });
});
