import { readFileSync } from 'node:fs';
import { WEBHOOK_LIMITS } from './webhook-limits.js';

describe('the webhook limits the docs show', () => {
  it('are the ones enforced (the guide quotes WEBHOOK_LIMITS)', () => {
    const guide = readFileSync(new URL('../../../../docs-site/guides/07-webhooks.md', import.meta.url), 'utf8');
    const { endpointsPerAccount, manualSendsPerEndpoint, manualSendsPerAccount, manualSendWindowMs } = WEBHOOK_LIMITS;
    expect(manualSendWindowMs).toBe(60_000);
    expect(guide).toContain(
      `Limits: ${endpointsPerAccount} endpoints per account; ${manualSendsPerEndpoint} test sends and resends a minute per endpoint, ${manualSendsPerAccount} per account`,
    );
    expect(guide).toMatch(new RegExp(`Endpoints per account +\\| ${endpointsPerAccount} `));
  });
});
