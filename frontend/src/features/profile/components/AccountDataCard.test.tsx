import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportDataCard, QuotaAlertsCard } from './AccountDataCard';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { advanceClock } from '../../../testing/clock';

describe('export my data', () => {
  afterEach(() => vi.useRealTimers());

  it('starts an export, shows its progress while it is built, then offers the download', async () => {
    const answers = [
      { id: 'e1', status: 'running', progress: 40, createdAt: '', finishedAt: null, downloadUrl: null },
      { id: 'e1', status: 'ready', progress: 100, createdAt: '', finishedAt: '', downloadUrl: '/api/me/exports/e1/download' },
    ];
    serveApi({
      'POST /api/me/exports': { status: 202, body: { id: 'e1', status: 'running', progress: 0, createdAt: '', finishedAt: null, downloadUrl: null } },
      'GET /api/me/exports/e1': () => ({ body: answers.length > 1 ? answers.shift() : answers[0] }),
    });
    // The card polls every second while the export is built: only that interval is on the fake clock, the test makes the second.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithProviders(<ExportDataCard />, { me: sampleUser });
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Preparing your export… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('link', { name: 'Download export' })).not.toBeInTheDocument();
    await advanceClock(1000);
    expect(await screen.findByRole('link', { name: 'Download export' })).toHaveAttribute('href', '/api/me/exports/e1/download');
  });
});

describe('quota alerts', () => {
  it('turns the alerts off', async () => {
    const { calls } = serveApi({ 'PUT /api/profile/quota-alerts': { body: { ...sampleUser, quotaAlerts: false } } });
    renderWithProviders(<QuotaAlertsCard user={sampleUser} />, { me: sampleUser });
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Send quota alerts' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Quota alerts are off.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { enabled: false } });
  });
});
