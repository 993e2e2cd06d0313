import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RequestsPage } from './RequestsPage';
import { apiServer } from '../../../testing/api';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `row-${n}`,
  timestamp: new Date(Date.UTC(2026, 10, 26, 12, 0, 0) - n * 60_000).toISOString(),
  method: 'GET',
  endpoint: '/api/time/current',
  statusCode: 200,
  responseTime: 1.5,
  keyId: 'k1',
  keyName: 'Production',
  requestId: `req-${n}-0000000000`,
  problemCode: null,
  ...extra,
});

const detail = {
  ...item(1),
  route: '/api/time/current?timezone=Asia%2FTokyo&api_key=%5Bredacted%5D',
  parameters: { timezone: 'Asia/Tokyo', api_key: '[redacted]' },
  ipAddress: '203.0.113.7',
  key: { id: 'k1', name: 'Production', masked: 'tzk_live_AbCd…9xQ2' },
};

const stats = {
  from: '2026-11-25T12:00:00.000Z',
  to: '2026-11-26T12:00:00.000Z',
  bucket: 'hour',
  timeZone: 'UTC',
  total: 12,
  p50: 2.1,
  p95: 8.4,
  p99: 15.2,
  buckets: [{ start: '2026-11-26T11:00:00.000Z', total: 12, status2xx: 10, status3xx: 0, status4xx: 2, status5xx: 0, p50: 2, p95: 8, p99: 15 }],
};

/** The log answers by cursor: the newest page points to an older one, which is the last. */
function serveLog(pages: Record<string, { items: unknown[]; nextCursor: string | null }>, calls: URL[], failFirst = false) {
  let failing = failFirst;
  apiServer.use(
    http.get('/api/usage/requests', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      if (failing) {
        failing = false;
        return HttpResponse.json({ status: 502, title: 'Bad gateway' }, { status: 502 });
      }
      const page = pages[url.searchParams.get('cursor') ?? ''] ?? { items: [], nextCursor: null };
      return HttpResponse.json({ ...page, retentionStart: '2025-11-01T00:00:00.000Z' });
    }),
  );
}

const common = (plan: 'free' | 'premium') => {
  const served = serveApi({
    'GET /api/api-keys': { body: [] },
    'GET /api/usage/summary': { body: { endpoints: ['/api/time/current', '/api/time/utc'] } },
    'GET /api/usage/requests/stats': { body: stats },
    'GET /api/usage/requests/row-1': { body: detail },
    'GET /api/config': { body: {} },
  });
  return { ...served, me: { ...sampleUser, plan } };
};

describe('the Requests page', () => {
  it('lists requests in the viewer’s labelled time zone and pages by cursor, older and back', async () => {
    const { me } = common('free');
    const calls: URL[] = [];
    serveLog({ '': { items: [item(1), item(2)], nextCursor: 'c2' }, c2: { items: [item(3)], nextCursor: null } }, calls);
    renderWithProviders(<RequestsPage />, { me });

    expect(await screen.findAllByTestId('request-row')).toHaveLength(2);
    expect(screen.getByTestId('requests-zone')).toHaveTextContent(`(${zone})`);
    expect(screen.getByRole('columnheader', { name: 'Time' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getAllByTestId('request-row')).toHaveLength(1));
    expect(calls.at(-1)!.searchParams.get('cursor')).toBe('c2');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(screen.getAllByTestId('request-row')).toHaveLength(2));
  });

  it('filters by status and searches by request ID, from the first page again', async () => {
    const { me } = common('free');
    const calls: URL[] = [];
    serveLog({ '': { items: [item(1)], nextCursor: null } }, calls);
    renderWithProviders(<RequestsPage />, { me });
    await screen.findAllByTestId('request-row');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: '4xx' }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('status')).toBe('4xx'));
    await user.type(screen.getByRole('textbox', { name: 'Search by request ID' }), 'req-1-0000000000{Enter}');
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('requestId')).toBe('req-1-0000000000'));
    expect(calls.at(-1)!.searchParams.get('status')).toBe('4xx');
    expect(calls.at(-1)!.searchParams.get('cursor')).toBeNull();
  });

  it('opens one request in a drawer: route, parameters without secrets, masked key, IP and request ID', async () => {
    const { me } = common('free');
    serveLog({ '': { items: [item(1)], nextCursor: null } }, []);
    renderWithProviders(<RequestsPage />, { me });
    const [row] = await screen.findAllByTestId('request-row');
    await userEvent.click(within(row).getAllByRole('button')[0]);
    const drawer = await screen.findByTestId('request-detail');
    expect(drawer).toHaveTextContent('GET /api/time/current?timezone=Asia%2FTokyo');
    expect(drawer).toHaveTextContent('timezone = Asia/Tokyo');
    expect(drawer).toHaveTextContent('api_key = [redacted]');
    expect(drawer).toHaveTextContent('tzk_live_AbCd…9xQ2');
    expect(drawer).toHaveTextContent('203.0.113.7');
    expect(drawer).toHaveTextContent('req-1-0000000000');
    expect(drawer).toHaveTextContent('Time');
    expect(screen.getByRole('button', { name: 'Copy as cURL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('shows an empty state when nothing matches', async () => {
    const { me } = common('free');
    serveLog({ '': { items: [], nextCursor: null } }, []);
    renderWithProviders(<RequestsPage />, { me });
    expect(await screen.findByTestId('requests-empty')).toHaveTextContent('No requests match');
  });

  it('says a failed load in words and Retry loads the log', async () => {
    const { me } = common('free');
    serveLog({ '': { items: [item(1)], nextCursor: null } }, [], true);
    renderWithProviders(<RequestsPage />, { me });
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('Could not load your requests');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('request-row')).toHaveLength(1);
    expect(screen.queryByTestId('load-error')).not.toBeInTheDocument();
  });

  it('Premium sees p50, p95 and p99 and the status chart; Free sees the upgrade and asks for no analytics', async () => {
    const premium = common('premium');
    serveLog({ '': { items: [item(1)], nextCursor: null } }, []);
    const { unmount } = renderWithProviders(<RequestsPage />, { me: premium.me });
    expect(await screen.findByTestId('latency-p95-value')).toHaveTextContent('8.4 ms');
    expect(screen.getByTestId('latency-p50-value')).toHaveTextContent('2.1 ms');
    expect(screen.getByTestId('latency-p99-value')).toHaveTextContent('15.2 ms');
    expect(screen.getByTestId('analytics-zone')).toHaveTextContent(`(${zone})`);
    // The buckets are asked for in the viewer's zone.
    const asked = premium.calls.find((c) => c.url.startsWith('/api/usage/requests/stats'))!;
    expect(new URL(asked.url, 'http://localhost').searchParams.get('tz')).toBe(zone);
    expect(screen.queryByTestId('analytics-upsell')).not.toBeInTheDocument();
    unmount();

    const free = common('free');
    serveLog({ '': { items: [item(1)], nextCursor: null } }, []);
    renderWithProviders(<RequestsPage />, { me: free.me });
    expect(await screen.findByTestId('analytics-upsell')).toHaveTextContent('Upgrade to Premium');
    await screen.findAllByTestId('request-row');
    expect(screen.queryByTestId('request-analytics')).not.toBeInTheDocument();
    expect(free.calls.some((c) => c.url.startsWith('/api/usage/requests/stats'))).toBe(false);
  });
});
