import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UsagePage } from './UsagePage';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

const summary = {
  range: { start: '2026-11-15T00:00:00.000Z', end: '2026-11-22T00:00:00.000Z' },
  totalRequests: 0,
  successRate: 0,
  averageResponseTime: 0,
  todayRequests: 0,
  perDay: [],
  perHour: [],
  statusCodes: [],
  topEndpoints: [],
  recent: [],
  endpoints: ['/api/time/utc'],
};
const key = (id: string, name: string) => ({
  id,
  name,
  keyPrefix: `tzk_live_${id}`,
  maskedKey: '',
  isActive: true,
  createdAt: '',
  lastUsedAt: null,
  ipRestrictions: [],
  urlRestrictions: [],
});

describe('usage page filters', () => {
  it('narrows to one key beside the endpoint filter, and Export CSV downloads the same selection', async () => {
    const { calls } = serveApi({
      'GET /api/usage/summary': { body: summary },
      'GET /api/api-keys': { body: [key('AAAA', 'Production'), key('BBBB', 'Staging')] },
      'GET /api/config': { body: {} },
    });
    renderWithProviders(<UsagePage />, { me: sampleUser });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'API Key' }));
    await user.click(await screen.findByRole('option', { name: 'Staging (tzk_live_BBBB…)' }));

    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/usage/summary?') && c.url.includes('keyId=BBBB'))).toBe(true));
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/usage/export.csv');
    expect(url.searchParams.get('keyId')).toBe('BBBB');
    // "Last 7 Days": from the midnight six days back, in the display zone (the browser's here).
    const span = Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!);
    expect(span).toBeGreaterThan(6 * 86_400_000);
    expect(span).toBeLessThanOrEqual(7 * 86_400_000);
    expect(link).toHaveAttribute('download');
    expect(within(screen.getByRole('combobox', { name: 'Endpoint' })).getByText('All Endpoints')).toBeInTheDocument();
  });

  it('with the API failing, says so in words (not the browser’s "Failed to fetch") and Retry loads the page', async () => {
    let up = false;
    serveApi({
      'GET /api/usage/summary': () => (up ? { body: { ...summary, totalRequests: 3 } } : { status: 502, body: {} }),
      'GET /api/api-keys': { body: [] },
      'GET /api/config': { body: {} },
    });
    renderWithProviders(<UsagePage />, { me: sampleUser });
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('Could not load your usage');
    expect(alert).toHaveTextContent('The server could not answer just now (error 502). Please try again in a moment.');
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('usage-total')).toHaveTextContent('3');
    expect(screen.queryByTestId('load-error')).not.toBeInTheDocument();
  });
});
