import { screen, within } from '@testing-library/react';
import { renderWithProviders, serveApi } from '../../testing/render';
import { StatusPage } from './StatusPage';

const health = {
  status: 'ok',
  timestamp: '2026-11-23T10:00:00.000Z',
  version: '1.0.0',
  uptime: 120,
  uptime_percent: 99.5,
  uptime_since: '2026-11-01T08:00:00.000Z',
  tzdbVersion: '2026f',
  tzdbCheckedAt: null as string | null,
  services: { database: 'up', timezone_data: 'up', cache: 'up' },
  response_time_ms: 2,
};

describe('StatusPage', () => {
  it("shows the service's recorded uptime and since when, not the process's; subscribe mails the support address", async () => {
    serveApi({ 'GET /api/health': { body: health }, 'GET /api/config': { body: { supportEmail: 'support@time.example.org', plans: [] } } });
    renderWithProviders(<StatusPage />);
    const tile = await screen.findByTestId('uptime');
    expect(within(tile).getByText('99.5%')).toBeInTheDocument();
    expect(within(tile).getByText('since Nov 1, 2026')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Subscribe to Updates' })).toHaveAttribute(
      'href',
      'mailto:support@time.example.org?subject=Subscribe%20to%20status%20updates',
    );
  });

  it('shows the active tz release and when it was last checked against IANA', async () => {
    const checkedAt = new Date(Date.now() - 12 * 60_000).toISOString();
    serveApi({ 'GET /api/health': { body: { ...health, tzdbCheckedAt: checkedAt } }, 'GET /api/config': { body: { plans: [] } } });
    renderWithProviders(<StatusPage />);
    const tile = await screen.findByTestId('tzdb-tile');
    expect(tile).toHaveTextContent('2026f');
    expect(tile).toHaveTextContent('checked against IANA 12 min ago');
  });

  it('says when no check is recorded yet', async () => {
    serveApi({ 'GET /api/health': { body: { ...health, uptime_percent: null, uptime_since: null } }, 'GET /api/config': { body: { plans: [] } } });
    renderWithProviders(<StatusPage />);
    const tile = await screen.findByTestId('uptime');
    expect(within(tile).getByText('No checks recorded yet')).toBeInTheDocument();
  });

  it('a 503 with the health report shows the report (the down service), not a fetch error', async () => {
    serveApi({
      'GET /api/health': { status: 503, body: { ...health, status: 'down', services: { database: 'down', timezone_data: 'up', cache: 'up' } } },
      'GET /api/config': { body: { plans: [] } },
    });
    renderWithProviders(<StatusPage />);
    expect(await screen.findByTestId('status-banner')).toHaveTextContent('Service Disruption');
    expect(screen.getByTestId('uptime')).toBeInTheDocument();
    expect(screen.getByText('Database').parentElement).toHaveTextContent('Down');
  });
});
