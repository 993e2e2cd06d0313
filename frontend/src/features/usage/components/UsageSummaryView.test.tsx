import { screen, within } from '@testing-library/react';
import { UsageSummaryView, chartBars, curlHint, statusCodePalette } from './UsageSummaryView';
import { renderWithProviders } from '../../../testing/render';
import type { UsageRecord, UsageSummary } from '../api';

const empty: UsageSummary = {
  range: { start: '2026-11-15T00:00:00.000Z', end: '2026-11-22T00:00:00.000Z' },
  timeZone: 'UTC',
  totalRequests: 0,
  successRate: 0,
  averageResponseTime: 0,
  todayRequests: 0,
  perDay: [],
  perHour: [],
  statusCodes: [],
  topEndpoints: [],
  recent: [],
  endpoints: [],
};

const record = (n: number, statusCode: number, endpoint = '/api/time/current'): UsageRecord => ({
  id: `r${n}`,
  endpoint,
  method: 'GET',
  statusCode,
  responseTime: 10 + n,
  ipAddress: '127.0.0.1',
  timestamp: `2026-11-21T10:${String(n).padStart(2, '0')}:00.000Z`,
  keyId: 'k1',
  keyName: 'Server',
  logId: `log-${n}`,
});

const full: UsageSummary = {
  ...empty,
  totalRequests: 1234,
  successRate: 97.5,
  averageResponseTime: 23.4,
  todayRequests: 56,
  perDay: [
    { date: '2026-11-20', start: '2026-11-20T00:00:00.000Z', count: 1000 },
    { date: '2026-11-21', start: '2026-11-21T00:00:00.000Z', count: 234 },
  ],
  statusCodes: [
    { statusCode: 200, count: 1200 },
    { statusCode: 403, count: 30 },
    { statusCode: 429, count: 4 },
  ],
  topEndpoints: ['/a', '/b', '/c', '/d', '/e', '/f'].map((endpoint, i) => ({ endpoint: `/api${endpoint}`, count: 600 - i * 100 })),
  recent: Array.from({ length: 12 }, (_, i) => record(i, i === 0 ? 403 : 200)),
  endpoints: ['/api/time/current', '/api/time/utc'],
};

describe('usage summary', () => {
  it('empty: zero stat cards and a copy-paste curl line with the user’s key prefix', () => {
    renderWithProviders(<UsageSummaryView summary={empty} keyPrefix="tzk_live_AbCd" origin="https://tz.example" />);
    expect(screen.getByTestId('usage-total-value')).toHaveTextContent('0');
    // No requests: nothing to rate.
    expect(screen.getByTestId('usage-success-value')).toHaveTextContent(/^–$/);
    const hint = screen.getByTestId('usage-empty');
    expect(within(hint).getByText('curl -H "X-API-Key: tzk_live_AbCd…" "https://tz.example/api/time/current?timezone=Europe/London"')).toBeInTheDocument();
    expect(within(hint).getByText(/Authorization: Bearer/)).toBeInTheDocument();
    expect(screen.queryByTestId('recent-requests')).not.toBeInTheDocument();
  });

  it('empty without keys: points to key creation', () => {
    renderWithProviders(<UsageSummaryView summary={empty} keyPrefix={null} origin="https://tz.example" />);
    expect(screen.getByRole('link', { name: 'Create API Key' })).toHaveAttribute('href', '/dashboard/api-keys');
    expect(curlHint(null, 'https://tz.example')).toContain('X-API-Key: YOUR_API_KEY');
  });

  it('full: stat cards, status codes, top 5 endpoints and the 10 most recent requests', () => {
    renderWithProviders(<UsageSummaryView summary={full} keyPrefix="tzk_live_AbCd" origin="https://tz.example" />);
    expect(screen.getByTestId('usage-total-value')).toHaveTextContent('1,234');
    expect(screen.getByTestId('usage-success-value')).toHaveTextContent('97.5%');
    expect(screen.getByTestId('usage-avg-value')).toHaveTextContent('23.4 ms');
    expect(screen.getByTestId('usage-today-value')).toHaveTextContent('56');
    expect(screen.getByTestId('chart-per-day')).toBeInTheDocument();
    const codes = screen.getByTestId('status-codes');
    expect(within(codes).getByText('200: 1,200')).toBeInTheDocument();
    expect(within(codes).getByText('429: 4')).toBeInTheDocument();
    const top = screen.getByTestId('top-endpoints');
    expect(
      within(top)
        .getAllByText(/^\/api\//)
        .map((n) => n.textContent),
    ).toEqual(['/api/a', '/api/b', '/api/c', '/api/d', '/api/e']);
    const rows = within(screen.getByTestId('recent-requests')).getAllByTestId('recent-request');
    expect(rows).toHaveLength(10);
    expect(within(rows[0]).getByTestId('recent-status')).toHaveTextContent('403');
    expect(within(rows[0]).getByText('GET')).toBeInTheDocument();
    expect(within(rows[0]).getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('10.0 ms')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-empty')).not.toBeInTheDocument();
  });

  it("draws one bar per local day the server counted, labelled on the zone's calendar, the tooltip naming the zone", () => {
    const perDay = [
      { date: '2026-11-20', start: '2026-11-19T18:30:00.000Z', count: 3 },
      { date: '2026-11-21', start: '2026-11-20T18:30:00.000Z', count: 0 },
    ];
    const { hourly, bars } = chartBars({ perDay, perHour: [] }, 7, 'Asia/Kolkata');
    expect(hourly).toBe(false);
    expect(bars.map((b) => [b.label, b.count])).toEqual([
      ['Nov 20', 3],
      ['Nov 21', 0],
    ]);
    expect(bars[0].tooltip).toBe('Nov 20, 2026 (GMT+5:30)');
  });

  it('gives every status code its own colour (400 and 403 differ), in the donut and its legend', () => {
    const codes = [200, 201, 400, 401, 403, 404, 418, 429, 500, 503, 499, 302];
    const palette = statusCodePalette(codes);
    expect(palette.get(400)).not.toBe(palette.get(403));
    expect(new Set(palette.values()).size).toBe(codes.length);
    renderWithProviders(<UsageSummaryView summary={full} keyPrefix="tzk_live_AbCd" origin="https://tz.example" />);
    expect(within(screen.getByTestId('status-codes')).getAllByTestId('status-swatch')).toHaveLength(3);
  });

  it('writes request times in the display zone, with its name, and a click opens the request', async () => {
    const opened: string[] = [];
    renderWithProviders(
      <UsageSummaryView summary={full} keyPrefix="tzk_live_AbCd" origin="https://tz.example" zone="Asia/Kolkata" onOpenRequest={(r) => opened.push(r.logId)} />,
    );
    const rows = within(screen.getByTestId('recent-requests')).getAllByTestId('recent-request');
    expect(rows[0]).toHaveTextContent(/Nov 21, 2026, 3:30:00 PM GMT\+5:30/);
    within(rows[0]).getByRole('button').click();
    expect(opened).toEqual(['log-0']);
  });
});
