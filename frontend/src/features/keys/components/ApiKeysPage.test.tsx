import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { ApiKeysPage } from './ApiKeysPage';

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
};

describe('API keys page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the key-created toast says the key can be copied again later (the card reveals it any time)', async () => {
    let listed: unknown[] = [];
    serveApi({
      'GET /api/api-keys': () => ({ body: listed }),
      'POST /api/api-keys': () => {
        listed = [created];
        return { status: 201, body: { ...created, key: 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345' } };
      },
      'GET /api/api-keys/k1/reveal': { body: { key: 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345' } },
    });
    renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Create API Key' }))[0]);
    const dialog = screen.getByRole('dialog', { name: 'Create API Key' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Server');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('API Key Created');
    expect(toast).not.toHaveTextContent(/only once/);
    expect(toast).toHaveTextContent(/later from its card with Reveal key or Copy key/);
    // And it is true: the card reveals the full key.
    await userEvent.keyboard('{Escape}');
    const reveal = await screen.findByRole('button', { name: 'Reveal key' });
    await userEvent.click(reveal);
    expect(await screen.findByText('tzk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBeInTheDocument();
  });
});
