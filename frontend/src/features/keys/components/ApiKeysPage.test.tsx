import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { ApiKeysPage } from './ApiKeysPage';
import { permissionsOf } from '@tzapi/shared/org-roles';

const created = {
  id: 'k1',
  name: 'Server',
  keyPrefix: 'tzk_live_AbCd',
  maskedKey: 'tzk_live_AbCd••••',
  isActive: true,
  createdAt: '2026-11-23T06:27:50.000Z',
  lastUsedAt: null,
  ipRestrictions: [],
  urlRestrictions: [],
  scopes: [] as string[],
  expiresAt: null as string | null,
  rateLimit: null as number | null,
  rateLimitWindow: null as string | null,
  createdBy: { id: 'u1', email: 'ada@example.com' },
  replacedById: null as string | null,
};

describe('API keys page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the new-key dialog and its toast say the same thing: the card reveals the key again after the password', async () => {
    let listed: unknown[] = [];
    const secret = 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const { calls } = serveApi({
      'GET /api/api-keys': () => ({ body: listed }),
      'POST /api/api-keys': () => {
        listed = [created];
        return { status: 201, body: { ...created, key: secret } };
      },
      'POST /api/api-keys/k1/reveal': ({ body }) =>
        JSON.parse(body ?? '{}').password === 'my password'
          ? { body: { key: secret } }
          : { status: 400, body: { status: 400, code: 'wrong_password', detail: 'Password is incorrect', field: 'password' } },
    });
    renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Create API Key' }))[0]);
    const form = screen.getByRole('dialog', { name: 'Create API Key' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Server');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Key' }));
    const promise = 'You can reveal it again later from its card after confirming your password.';
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('API Key Created');
    expect(toast).toHaveTextContent(promise);
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(shown).toHaveTextContent(promise);
    expect(shown).not.toHaveTextContent(/copy your key now/i);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));

    // And it is true: the card reveals the full key, once the password is confirmed.
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal key' }));
    const confirm = await screen.findByRole('dialog', { name: "Confirm It's You" });
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'wrong');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reveal Key' }));
    expect(await within(confirm).findByText('Password is incorrect')).toBeInTheDocument();
    expect(within(confirm).getByLabelText(/^Password/)).toBeInvalid();
    await userEvent.clear(within(confirm).getByLabelText(/^Password/));
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'my password');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reveal Key' }));
    expect(await screen.findByText(secret)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/api-keys/k1/reveal').map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'my password' }]);
  });

  it('keys that were loaded stay on screen after a failed refresh, marked as possibly out of date, with a Retry', async () => {
    let up = true;
    serveApi({ 'GET /api/api-keys': () => (up ? { body: [created] } : { status: 503, body: { status: 503, title: 'Service Unavailable' } }) });
    const { queryClient } = renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    expect(await screen.findByText('Server')).toBeInTheDocument();
    up = false;
    await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('Could not refresh your API keys');
    expect(alert).toHaveTextContent(/may be out of date/);
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByText('Server')).toBeInTheDocument();
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(screen.queryByTestId('load-error')).not.toBeInTheDocument());
  });

  it('with the API unreachable, says so in words (not "Failed to fetch") and offers a Retry that loads the keys', async () => {
    let up = false;
    serveApi({ 'GET /api/api-keys': () => (up ? { body: [created] } : { status: 503, body: {} }) });
    renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('Could not load your API keys');
    expect(alert).toHaveTextContent('The server could not answer just now (error 503). Please try again in a moment.');
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Server')).toBeInTheDocument();
  });

  it('rotation asks how long the old key keeps working, sends it, and the old key then shows as expiring and can be revoked', async () => {
    const rotatedKey = { ...created, id: 'k2', maskedKey: 'tzk_live_NeWw••••' };
    let listed: unknown[] = [created];
    const { calls } = serveApi({
      'GET /api/api-keys': () => ({ body: listed }),
      'PUT /api/api-keys/k1/rotate': () => {
        listed = [rotatedKey, { ...created, replacedById: 'k2', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }];
        return { body: { ...rotatedKey, key: 'tzk_live_NeWwEfGhIjKlMnOpQrStUvWxYz012345' } };
      },
    });
    renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate API Key' });
    expect(within(dialog).getByRole('radio', { name: 'Stop the old key now' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Keep the old key working for 1 hour' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate Key' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('The old key keeps working for 1 hour.');
    expect(calls.find((c) => c.url === '/api/api-keys/k1/rotate')?.body).toEqual({ overlap: '1h' });
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Your rotated API key' })).getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('key-expiring')).toHaveTextContent(/Expiring in (59 min|1 h)/);
    expect(screen.getAllByText(/by ada@example.com/)).toHaveLength(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke now' }));
    expect(await screen.findByRole('dialog', { name: 'Delete API Key' })).toHaveTextContent('Revoke the old key of “Server” now?');
  });
});

describe('API keys page for a member who may only read keys', () => {
  it('a viewer sees the keys but no Create, Edit, Rotate, Delete or active switch', async () => {
    serveApi({ 'GET /api/api-keys': { body: [created] } });
    const viewer = {
      ...sampleUser,
      organization: { id: 'org-acme', name: 'Acme', personal: false, role: 'viewer' as const },
      permissions: permissionsOf('viewer'),
    };
    renderWithProviders(<ApiKeysPage />, { me: viewer, route: '/dashboard/api-keys' });
    const card = await screen.findByTestId('api-key-card');
    expect(card).toHaveTextContent('Server');
    expect(screen.queryByRole('button', { name: 'Create API Key' })).not.toBeInTheDocument();
    for (const name of ['Edit', 'Rotate', 'Delete']) expect(within(card).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('with no keys, a viewer is told nobody has created one, without a Create button', async () => {
    serveApi({ 'GET /api/api-keys': { body: [] } });
    const viewer = {
      ...sampleUser,
      organization: { id: 'org-acme', name: 'Acme', personal: false, role: 'viewer' as const },
      permissions: permissionsOf('viewer'),
    };
    renderWithProviders(<ApiKeysPage />, { me: viewer, route: '/dashboard/api-keys' });
    expect(await screen.findByTestId('keys-empty')).toHaveTextContent('Nobody in this organisation has created a key yet.');
    expect(screen.queryByRole('button', { name: 'Create API Key' })).not.toBeInTheDocument();
  });
});
