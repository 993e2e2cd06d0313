import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import { AdminNotification } from '../layout/AdminNotification';
import type { TzActivation, TzdbStatus, TzReleaseReview } from '../dataProvider';
import { compareTzVersions, TzdbPage } from './TzdbPage';

const edmonton = {
  zone: 'America/Edmonton',
  changes: [
    {
      from: '2026-11-01T08:00:00.000Z',
      to: '2027-03-14T09:00:00.000Z',
      before: { utcOffset: '-07:00', abbreviation: 'MST', dst: false },
      after: { utcOffset: '-06:00', abbreviation: 'CST', dst: false },
    },
  ],
};
const status: TzdbStatus = {
  version: '2026f',
  loadedAt: '2026-11-20T09:00:00.000Z',
  source: 'upload (tarball)',
  zones: 341,
  links: 256,
  digest: 'a'.repeat(64),
  compileMs: 180,
  changes: {
    previousVersion: '2026b',
    version: '2026f',
    window: { from: '2026-11-20T09:00:00.000Z', to: '2028-11-20T09:00:00.000Z' },
    zones: [edmonton],
    added: [],
    removed: [],
  },
  history: [
    {
      id: 'r2',
      version: '2026f',
      digest: 'a'.repeat(64),
      source: 'upload (tarball)',
      active: true,
      zones: 341,
      links: 256,
      compileMs: 180,
      compiledAt: '',
      loadedAt: '2026-11-20T09:00:00.000Z',
      loadedBy: 'admin@example.com',
      changedZones: 1,
      origin: 'upload',
      signature: null,
      waiting: false,
      wentLiveAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: 'r1',
      version: '2026b',
      digest: 'b'.repeat(64),
      source: 'bundled',
      active: false,
      zones: 340,
      links: 256,
      compileMs: 170,
      compiledAt: '',
      loadedAt: '2026-05-01T09:00:00.000Z',
      loadedBy: null,
      changedZones: 0,
      origin: 'bundled',
      signature: null,
      waiting: false,
      wentLiveAt: '2026-05-01T09:00:00.000Z',
    },
  ],
  feed: {
    enabled: false,
    url: null,
    state: 'off',
    autoActivate: false,
    trustedKeys: [],
    intervalMs: 3600000,
    lastCheckedAt: null,
    lastSuccessAt: null,
    lastError: null,
    newestVersion: null,
    newestSeenAt: null,
  },
};
const feedOn: TzdbStatus['feed'] = {
  ...status.feed,
  enabled: true,
  url: 'https://data.iana.org/time-zones/tzdata-latest.tar.gz',
  state: 'refused',
  autoActivate: false,
  trustedKeys: ['7E3792A9D8ACF7D633BC1588ED97E90E62AA7E34'],
  lastCheckedAt: '2026-11-25T09:00:00.000Z',
  lastSuccessAt: '2026-11-25T09:00:00.000Z',
  lastError: 'the signature does not verify against TZDB_FEED_KEYS: Signed digest did not match',
  newestVersion: '2026f',
};
const activation: TzActivation = {
  alreadyActive: false,
  version: '2026g',
  previousVersion: '2026f',
  digest: 'c'.repeat(64),
  zones: 341,
  links: 256,
  loadedAt: '',
  changes: null,
};

function renderPage(methods: Record<string, unknown>) {
  return render(
    <AdminContext dataProvider={testDataProvider(methods as never)}>
      <TzdbPage />
      <AdminNotification />
    </AdminContext>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Time zone data console page', () => {
  it('shows the active release, its last change and the stored releases', async () => {
    renderPage({ getTzdb: vi.fn(async () => status) });
    const active = await screen.findByTestId('tzdb-active');
    expect(within(active).getByText('2026f')).toBeInTheDocument();
    expect(within(active).getByText('341 (+256 links)')).toBeInTheDocument();
    expect(screen.getByText('America/Edmonton')).toBeInTheDocument();
    expect(screen.getByText(/2026b → 2026f/)).toBeInTheDocument();
    expect(within(screen.getByTestId('tzdb-history')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('has empty states when nothing was loaded yet', async () => {
    renderPage({ getTzdb: vi.fn(async () => ({ ...status, changes: null, history: [] })) });
    expect(await screen.findByText('No release has been loaded yet.')).toBeInTheDocument();
    expect(screen.getByText(/No change yet/)).toBeInTheDocument();
  });

  const review = (over: Partial<TzReleaseReview> = {}): TzReleaseReview => ({
    id: '6f1c2a9e-8a1f-4f5e-9a49-2f0a7d1c5b11',
    version: '2026g',
    previousVersion: '2026f',
    origin: 'upload',
    signature: null,
    waiting: true,
    active: false,
    loadedAt: '2026-11-29T10:00:00.000Z',
    loadedBy: 'admin@example.com',
    wentLiveAt: null,
    window: { from: '2026-11-29T10:00:00.000Z', to: '2028-11-29T10:00:00.000Z' },
    zones: [{ ...edmonton, aliases: ['Canada/Mountain'] }],
    added: [],
    removed: [],
    ...over,
  });
  const audience = { version: '2026g', accounts: 12, pinnedKeys: 2, webhookEndpoints: 3 };

  it('uploads a file as base64 for review: nothing goes live, the review shows the changes, aliases folded, and who will be told', async () => {
    const upload = vi.fn(async () => review());
    const discard = vi.fn(async () => ({ version: '2026g' }));
    const activate = vi.fn();
    const getTzdb = vi.fn(async () => status);
    const getTzdbAudience = vi.fn(async () => audience);
    renderPage({
      getTzdb,
      uploadTzdbReleaseForReview: upload,
      getTzdbReview: vi.fn(async () => review()),
      getTzdbAudience,
      discardTzdbRelease: discard,
      activateTzdbRelease: activate,
    });
    await screen.findByTestId('tzdb-active');
    await userEvent.upload(screen.getByTestId('tzdb-file'), new File(['# version 2026g\n'], 'tzdata.zi', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review 2026g' });
    expect(upload).toHaveBeenCalledWith(expect.stringMatching(/^data:.*;base64,/), expect.any(Function));
    const counts = within(dialog).getByTestId('tzdb-review-counts');
    await waitFor(() => expect(within(counts).getByText('12')).toBeInTheDocument());
    expect(within(counts).getByText('2')).toBeInTheDocument();
    expect(within(counts).getByText('3')).toBeInTheDocument();
    expect(within(dialog).getByText('America/Edmonton')).toBeInTheDocument();
    expect(within(dialog).getByTestId('zone-aliases')).toHaveTextContent('also Canada/Mountain');
    // Every time says its zone.
    expect(within(dialog).getAllByText(/UTC/).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(discard).toHaveBeenCalledWith('6f1c2a9e-8a1f-4f5e-9a49-2f0a7d1c5b11'));
    expect(activate).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('2026g discarded; 2026f stays active'));
    // The status reloads; the discarded release's review is not asked for again (it is gone: the server would say 404).
    await waitFor(() => expect(getTzdb).toHaveBeenCalledTimes(3));
    expect(getTzdbAudience).toHaveBeenCalledTimes(1);
  });

  it('activates a reviewed release, and an older one as a rollback with force', async () => {
    const activate = vi.fn(async () => ({ ...activation, version: '2026b' }));
    renderPage({
      getTzdb: vi.fn(async () => status),
      uploadTzdbReleaseForReview: vi.fn(async () => review({ version: '2026b' })),
      getTzdbReview: vi.fn(async () => review({ version: '2026b' })),
      getTzdbAudience: vi.fn(async () => audience),
      activateTzdbRelease: activate,
    });
    await screen.findByTestId('tzdb-active');
    await userEvent.upload(screen.getByTestId('tzdb-file'), new File(['# version 2026b\n'], 'tzdata.zi', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review 2026b' });
    expect(within(dialog).getByText(/activating it is a rollback/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back to 2026b' }));
    await waitFor(() => expect(activate).toHaveBeenCalledWith('2026b', true));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('2026b is active'));
  });

  it('shows a live release’s review read-only', async () => {
    renderPage({
      getTzdb: vi.fn(async () => status),
      getTzdbReview: vi.fn(async () => review({ version: '2026f', waiting: false, active: true, origin: 'feed', wentLiveAt: '2026-11-20T09:00:00.000Z' })),
      getTzdbAudience: vi.fn(async () => audience),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review 2026f' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review 2026f' });
    // In the display zone, named (the test's browser zone is UTC).
    expect(within(dialog).getByText(/Went live Nov 20, 2026, 9:00\sAM UTC from the IANA feed/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Activate|Discard|Roll back/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('shows why a release was refused', async () => {
    const detail = 'tzdata.zi, line 2600: invalid until year "nonsense"';
    renderPage({
      getTzdb: vi.fn(async () => status),
      uploadTzdbReleaseForReview: vi.fn().mockRejectedValue(new HttpError(detail, 400, { code: 'invalid_release', detail })),
    });
    await screen.findByTestId('tzdb-active');
    await userEvent.upload(screen.getByTestId('tzdb-file'), new File(['broken'], 'tzdata.zi'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload and review' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('rolls back to a stored older release with force, after a confirmation', async () => {
    const activate = vi.fn(async () => ({ ...activation, version: '2026b' }));
    renderPage({ getTzdb: vi.fn(async () => status), activateTzdbRelease: activate });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate 2026b' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back to 2026b?' });
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(activate).toHaveBeenCalledWith('2026b', true));
  });

  it('orders IANA release names', () => {
    expect(compareTzVersions('2026f', '2026b')).toBeGreaterThan(0);
    expect(compareTzVersions('2025z', '2026a')).toBeLessThan(0);
    expect(compareTzVersions('2026aa', '2026z')).toBeGreaterThan(0);
  });

  it('says the feed is off without TZDB_FEED_URL', async () => {
    renderPage({ getTzdb: vi.fn(async () => status) });
    expect(await screen.findByText(/Off: set TZDB_FEED_URL/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
  });

  it('shows the feed, its refusal and trusted key, a waiting release to activate, and checks now on request', async () => {
    const waiting = {
      ...status.history[0],
      id: 'r3',
      version: '2026g',
      active: false,
      waiting: true,
      signature: 'verified' as const,
      origin: 'feed' as const,
      loadedBy: null,
      wentLiveAt: null,
    };
    const check = vi.fn(async () => ({ outcome: 'waiting', version: '2026g', reason: 'verified, waiting' }));
    renderPage({ getTzdb: vi.fn(async () => ({ ...status, feed: feedOn, history: [waiting, ...status.history] })), checkTzdbFeed: check });
    const feed = await screen.findByTestId('tzdb-feed');
    expect(within(feed).getByTestId('tzdb-feed-state')).toHaveTextContent('Release refused');
    expect(within(feed).getByTestId('tzdb-feed-error')).toHaveTextContent('Signed digest did not match');
    expect(within(feed).getByText(/7E3792A9D8ACF7D633BC1588ED97E90E62AA7E34/)).toBeInTheDocument();
    expect(within(feed).getByText('Wait for activation')).toBeInTheDocument();
    const history = screen.getByTestId('tzdb-history');
    expect(within(history).getByText('verified, waiting')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Activate 2026g' })).toBeInTheDocument();
    await userEvent.click(within(feed).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(check).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Release 2026g is waiting for activation (verified, waiting).'));
  });
});
