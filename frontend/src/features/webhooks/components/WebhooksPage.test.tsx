import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebhooksPage } from './WebhooksPage';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

const enterprise = { ...sampleUser, plan: 'enterprise' as const };
const endpoint = {
  id: '6f1f7a52-6f2c-4a43-9b9e-8f0f7c1d2e3f',
  url: 'https://example.com/hooks',
  description: null,
  events: ['tzdb.zones_changed'],
  enabled: true,
  pausedReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('webhooks page', () => {
  it('says webhooks are an Enterprise feature when the API answers webhooks_plan_required', async () => {
    serveApi({ 'GET /api/webhooks': { status: 403, body: { status: 403, code: 'webhooks_plan_required', title: 'Webhooks need the Enterprise plan' } } });
    renderWithProviders(<WebhooksPage />, { me: sampleUser });
    expect(await screen.findByText('Webhooks are part of the Enterprise plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Endpoint' })).not.toBeInTheDocument();
  });

  it('adds an endpoint after checking the form, then shows its secret once', async () => {
    let list: unknown[] = [];
    const { calls } = serveApi({
      'GET /api/webhooks': () => ({ body: list }),
      'POST /api/webhooks': () => {
        list = [endpoint];
        return { status: 201, body: { ...endpoint, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' } };
      },
    });
    renderWithProviders(<WebhooksPage />, { me: enterprise });
    const user = userEvent.setup();
    const empty = await screen.findByTestId('webhooks-empty');
    await user.click(within(empty).getByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText('Enter the URL that receives the events.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByTestId('webhook-url'), endpoint.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /Invoice paid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: endpoint.url, description: null, events: ['tzdb.zones_changed', 'invoice.paid'] });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('webhook-card')).toHaveTextContent(endpoint.url);
  });

  it('sends a test event and lists the deliveries with Resend', async () => {
    const delivery = {
      id: 'd1',
      endpointId: endpoint.id,
      messageId: 'msg_1',
      eventType: 'webhook.test',
      payload: { type: 'webhook.test', timestamp: '', data: {} },
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
      responseBody: 'ok',
      durationMs: 12,
      lastError: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      lastAttemptAt: '2026-11-25T10:00:00.000Z',
      deliveredAt: '2026-11-25T10:00:00.000Z',
      attemptLog: [{ at: '2026-11-25T10:00:00.000Z', statusCode: 200, durationMs: 12, responseBody: 'ok', error: null }],
    };
    const { calls } = serveApi({
      'GET /api/webhooks': { body: [endpoint] },
      [`POST /api/webhooks/${endpoint.id}/test`]: { status: 202, body: delivery },
      [`GET /api/webhooks/${endpoint.id}/deliveries`]: { body: [delivery] },
      'POST /api/webhooks/deliveries/d1/resend': { status: 202, body: { ...delivery, id: 'd2' } },
    });
    renderWithProviders(<WebhooksPage />, { me: enterprise });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    const row = await screen.findByTestId('webhook-delivery');
    expect(row).toHaveTextContent('webhook.test');
    expect(row).toHaveTextContent('200 · 12 ms');
    await user.click(within(row).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The event is sent again with the same webhook-id.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/webhooks/deliveries/d1/resend'))).toBe(true);
  });
});
