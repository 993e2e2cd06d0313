import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebhookEndpointPage } from './WebhookEndpointPage';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

const enterprise = { ...sampleUser, plan: 'enterprise' as const };
const id = '6f1f7a52-6f2c-4a43-9b9e-8f0f7c1d2e3f';
const hours = Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 25, i)).toISOString(), succeeded: 0, failed: i === 23 ? 2 : 0 }));
const endpoint = {
  id,
  url: 'https://example.com/hooks',
  description: 'Production',
  events: ['key.created'],
  enabled: true,
  pausedReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  health: {
    state: 'failing',
    windowHours: 24,
    attempts: 2,
    succeeded: 0,
    successRate: 0,
    lastAttemptAt: '2026-11-25T23:10:00.000Z',
    lastStatusCode: 500,
    lastError: null,
    failuresSinceSuccess: 2,
    failingSince: '2026-11-25T23:00:00.000Z',
  },
  hours,
};
const attempt = {
  id: '7',
  at: '2026-11-25T23:10:00.000Z',
  statusCode: 500,
  durationMs: 12,
  requestHeaders: { 'webhook-id': 'msg_1', 'webhook-signature': 'v1,abc' },
  responseBody: 'receiver down for now',
  responseBytes: 21,
  responseTruncated: false,
  error: null,
};
const delivery = {
  id: 'd1',
  endpointId: id,
  messageId: 'msg_1',
  eventType: 'key.created',
  payload: { type: 'key.created', timestamp: '2026-11-25T23:00:00.000Z', data: { name: 'Production' } },
  status: 'failing',
  attempts: 2,
  responseCode: 500,
  responseBody: 'receiver down for now',
  durationMs: 12,
  lastError: null,
  createdAt: '2026-11-25T23:00:00.000Z',
  lastAttemptAt: '2026-11-25T23:10:00.000Z',
  deliveredAt: null,
  nextRetryAt: '2026-11-25T23:20:00.000Z',
  lastAttempt: attempt,
};

describe("a webhook endpoint's page", () => {
  it("shows its health, the messages with the next retry, and an attempt's headers, payload and answer", async () => {
    serveApi({
      [`GET /api/webhooks/${id}`]: { body: endpoint },
      [`GET /api/webhooks/${id}/deliveries`]: { body: { data: [delivery], nextCursor: null } },
      'GET /api/webhooks/deliveries/d1/attempts': { body: { data: [attempt], nextCursor: null } },
    });
    renderWithProviders(<WebhookEndpointPage />, { me: enterprise, route: `/dashboard/webhooks/${id}`, path: '/dashboard/webhooks/:id' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('https://example.com/hooks');
    expect(screen.getByTestId('endpoint-state')).toHaveTextContent('Failing');
    expect(screen.getByTestId('endpoint-health')).toHaveTextContent('0% delivered (24 h)');
    const row = await screen.findByTestId('webhook-delivery');
    expect(within(row).getByTestId('next-retry')).toHaveTextContent('Next retry');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    expect(within(row).getByTestId('delivery-payload')).toHaveTextContent('"name": "Production"');
    const shown = await within(row).findByTestId('webhook-attempt');
    expect(shown).toHaveTextContent('webhook-signature: v1,abc');
    expect(within(shown).getByTestId('attempt-response')).toHaveTextContent('receiver down for now');
  });

  it('edits the URL and events with PATCH', async () => {
    const { calls } = serveApi({
      [`GET /api/webhooks/${id}`]: { body: endpoint },
      [`GET /api/webhooks/${id}/deliveries`]: { body: { data: [], nextCursor: null } },
      [`PATCH /api/webhooks/${id}`]: { body: { ...endpoint, url: 'https://example.com/new' } },
    });
    renderWithProviders(<WebhookEndpointPage />, { me: enterprise, route: `/dashboard/webhooks/${id}`, path: '/dashboard/webhooks/:id' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByTestId('webhook-url');
    await user.clear(url);
    await user.type(url, 'https://example.com/new');
    await user.click(within(dialog).getByRole('checkbox', { name: /Plan changed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Its URL, events and description are saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      url: 'https://example.com/new',
      description: 'Production',
      events: ['key.created', 'plan.changed'],
    });
    expect(screen.getByTestId('deliveries-empty')).toBeInTheDocument();
  });
});
