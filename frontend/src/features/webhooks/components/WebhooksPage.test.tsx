import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebhooksPage } from './WebhooksPage';
import { permissionsOf } from '@tzapi/shared/org-roles';
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
  health: {
    state: 'healthy',
    windowHours: 24,
    attempts: 0,
    succeeded: 0,
    successRate: null,
    lastAttemptAt: null,
    lastStatusCode: null,
    lastError: null,
    failuresSinceSuccess: 0,
    failingSince: null,
  },
};
const failingEndpoint = {
  ...endpoint,
  health: {
    ...endpoint.health,
    state: 'failing',
    attempts: 4,
    succeeded: 1,
    successRate: 0.25,
    lastAttemptAt: '2026-11-25T11:00:00.000Z',
    lastStatusCode: 500,
    failuresSinceSuccess: 3,
    failingSince: '2026-11-25T10:30:00.000Z',
  },
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

  it("a failing endpoint's card shows its state, success rate and last status, not a green Enabled", async () => {
    serveApi({ 'GET /api/webhooks': { body: [failingEndpoint] } });
    renderWithProviders(<WebhooksPage />, { me: enterprise });
    const card = await screen.findByTestId('webhook-card');
    expect(within(card).getByTestId('endpoint-state')).toHaveTextContent('Failing');
    expect(card).not.toHaveTextContent('Enabled');
    expect(within(card).getByTestId('endpoint-health')).toHaveTextContent('25.0% delivered (24 h)');
    expect(within(card).getByTestId('endpoint-health')).toHaveTextContent('Last: 500');
    expect(within(card).getByTestId('endpoint-health')).toHaveTextContent('3 failed attempts since the last success');
    expect(within(card).getByTestId('webhook-link')).toHaveAttribute('href', `/dashboard/webhooks/${endpoint.id}`);
  });

  it('sends a test event of the chosen type', async () => {
    const { calls } = serveApi({
      'GET /api/webhooks': { body: [endpoint] },
      [`POST /api/webhooks/${endpoint.id}/test`]: { status: 202, body: {} },
    });
    renderWithProviders(<WebhooksPage />, { me: enterprise });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Event type' }));
    await user.click(await screen.findByRole('option', { name: /^invoice\.paid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('invoice.paid is on its way; follow it in the messages.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'invoice.paid', retry: false });
  });
});

describe('Webhooks page for a member who may only read webhooks', () => {
  it('a viewer sees the endpoints and their messages link, but no Add, test, pause, rotate or delete', async () => {
    serveApi({ 'GET /api/webhooks': { body: [endpoint] } });
    const viewer = {
      ...enterprise,
      organization: { id: 'org-acme', name: 'Acme', personal: false, role: 'viewer' as const },
      permissions: permissionsOf('viewer'),
    };
    renderWithProviders(<WebhooksPage />, { me: viewer });
    const card = await screen.findByTestId('webhook-card');
    expect(within(card).getByRole('link', { name: 'Messages and health' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Endpoint' })).not.toBeInTheDocument();
    for (const name of ['Send test event', 'Pause', 'Rotate secret', 'Delete']) expect(within(card).queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
