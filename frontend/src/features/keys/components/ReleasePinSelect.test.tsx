import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveApi } from '../../../testing/api';
import { renderWithProviders, sampleUser } from '../../../testing/render';
import { ApiKeysPage } from './ApiKeysPage';

const key = {
  id: 'k1',
  name: 'Server',
  keyPrefix: 'tzk_live_AbCd',
  maskedKey: 'tzk_live_AbCd••••',
  isActive: true,
  createdAt: '2026-11-23T06:27:50.000Z',
  lastUsedAt: null,
  ipRestrictions: [],
  urlRestrictions: [],
  tzdbVersion: null as string | null,
};

const release = (version: string, active: boolean) => ({
  version,
  loadedAt: '2026-11-01T00:00:00.000Z',
  wentLiveAt: '2026-11-01T00:00:00.000Z',
  origin: 'bundled',
  active,
  previousVersion: null,
  changedZones: [],
});

describe('pinning a key to a tz release', () => {
  it('offers Latest and every stored release, sends the chosen one, and says what the key now answers from', async () => {
    let current = { ...key };
    const { calls } = serveApi({
      'GET /api/api-keys': () => ({ body: [current] }),
      'GET /api/timezone/releases': { body: { releases: [release('2026f', true), release('2026b', false)], total: 2 } },
      'PUT /api/api-keys/k1': (init) => {
        const { tzdbVersion } = JSON.parse(String(init.body)) as { tzdbVersion: string };
        current = { ...current, tzdbVersion: tzdbVersion === 'latest' ? null : tzdbVersion };
        return { body: current };
      },
    });
    renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    const card = await screen.findByTestId('api-key-card');
    const select = within(card).getByRole('combobox', { name: 'tz release' });
    expect(await within(card).findByText('Latest (2026f)')).toBeInTheDocument();
    await userEvent.click(select);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Latest (2026f)', '2026f (active)', '2026b']);
    await userEvent.click(screen.getByRole('option', { name: '2026b' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('“Server” now answers from tz release 2026b.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tzdbVersion: '2026b' });
    expect(await within(card).findByText('Answers stay on this release until you move the pin.')).toBeInTheDocument();
  });

  it('a pinned key says how many of the zones the account used moving to the active release would change', async () => {
    const zone = (name: string) => ({
      zone: name,
      changes: [
        {
          from: '2026-12-14T18:15:00.000Z',
          to: '2028-11-26T00:00:00.000Z',
          before: { utcOffset: '+05:45', abbreviation: '+0545', dst: false },
          after: { utcOffset: '+06:00', abbreviation: '+06', dst: false },
        },
      ],
    });
    const { calls } = serveApi({
      'GET /api/api-keys': { body: [{ ...key, tzdbVersion: '2026b' }] },
      'GET /api/timezone/releases': { body: { releases: [release('2026f', true), release('2026b', false)], total: 2 } },
      'GET /api/change-notices/pin-preview': { body: { from: '2026b', to: '2026f', zones: [zone('Asia/Kathmandu'), zone('Asia/Kolkata')] } },
    });
    renderWithProviders(<ApiKeysPage />, { me: sampleUser, route: '/dashboard/api-keys' });
    const card = await screen.findByTestId('api-key-card');
    expect(
      await within(card).findByText(
        'Answers stay on this release until you move the pin. Moving to 2026f changes 2 of your zones: Asia/Kathmandu, Asia/Kolkata.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/change-notices/pin-preview')).map((c) => c.url)).toEqual([
      '/api/change-notices/pin-preview?from=2026b&to=2026f',
    ]);
  });
});
