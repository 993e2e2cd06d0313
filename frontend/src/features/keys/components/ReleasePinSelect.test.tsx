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
  scopes: [] as string[],
  expiresAt: null as string | null,
  rateLimit: null as number | null,
  rateLimitWindow: null as string | null,
  createdBy: { id: 'u1', email: 'ada@example.com' },
  replacedById: null as string | null,
  tzdbVersion: null as string | null,
};

const release = (
  version: string,
  active: boolean,
  wentLiveAt = '2026-11-01T00:00:00.000Z',
  previousVersion: string | null = null,
  changedZones: { zone: string; linkTo?: string }[] = [],
) => ({
  version,
  loadedAt: wentLiveAt,
  wentLiveAt,
  origin: 'bundled',
  active,
  previousVersion,
  changedZones: changedZones.map((z) => ({ ...z, changes: [] })),
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
    expect(options).toEqual([
      'LatestFollows each new release, now 2026f',
      '2026f (in use now)Live since Nov 1, 2026, 12:00 AM UTC',
      '2026bLive since Nov 1, 2026, 12:00 AM UTC',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /^2026b/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('“Server” now answers from tz release 2026b.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tzdbVersion: '2026b' });
    expect(await within(card).findByText('Answers stay on this release until you move the pin.')).toBeInTheDocument();
  });

  it('each release in the menu says when it went live, in the display zone, and what it changed; a link opens what the release in use changed', async () => {
    serveApi({
      'GET /api/api-keys': { body: [{ ...key, tzdbVersion: '2026b' }] },
      'GET /api/timezone/releases': {
        body: {
          releases: [
            release('2026g', true, '2026-11-28T20:00:00.000Z', '2026f', [
              { zone: 'Asia/Kolkata' },
              { zone: 'Asia/Calcutta', linkTo: 'Asia/Kolkata' },
              { zone: 'Asia/Dhaka' },
            ]),
            release('2026f', false, '2026-10-20T09:00:00.000Z', '2026b', [
              { zone: 'America/Edmonton' },
              { zone: 'Canada/Mountain', linkTo: 'America/Edmonton' },
            ]),
            release('2026b', false, '2026-05-02T08:00:00.000Z'),
          ],
          total: 3,
        },
      },
      'GET /api/change-notices/pin-preview': { body: { from: '2026b', to: '2026g', zones: [] } },
    });
    renderWithProviders(<ApiKeysPage />, { me: { ...sampleUser, displayZone: 'Asia/Kolkata' }, route: '/dashboard/api-keys' });
    const card = await screen.findByTestId('api-key-card');
    expect(await within(card).findByRole('link', { name: 'What 2026g changed' })).toHaveAttribute('href', '/timezone-data#tzdb-2026g');
    await userEvent.click(within(card).getByRole('combobox', { name: 'tz release' }));
    expect(screen.getAllByTestId('release-pin-option').map((o) => o.textContent)).toEqual([
      // 20:00 UTC on the 28th is the 29th in Kolkata; a link counts as its zone.
      '2026g (in use now)Live since Nov 29, 2026, 1:30 AM GMT+5:30 · changed 2 zones',
      '2026fLive since Oct 20, 2026, 2:30 PM GMT+5:30 · changed America/Edmonton',
      '2026bLive since May 2, 2026, 1:30 PM GMT+5:30',
    ]);
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
