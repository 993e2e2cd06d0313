import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';
import { NoticesPage } from './NoticesPage';
import { kathmandu, kolkata, notice } from './notice-fixtures';

const inKolkata = { ...sampleUser, displayZone: 'Asia/Kolkata' };

describe('the Notices page', () => {
  it('lists every notice, dismissed ones too, newest first, with times in the display zone and what a pinned key’s move would change', async () => {
    serveApi({
      'GET /api/change-notices/history': {
        body: {
          notices: [
            notice({ pinnedKeys: [{ keyId: 'k1', name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kolkata] }] }),
            notice({ id: 'n-old', version: '2026g', zones: [kathmandu], createdAt: '2026-10-01T09:00:00.000Z', dismissedAt: '2026-10-02T10:00:00.000Z' }),
          ],
        },
      },
    });
    renderWithProviders(<NoticesPage />, { route: '/dashboard/notices', me: inKolkata });
    expect(screen.getByRole('heading', { level: 1, name: 'Notices' })).toBeInTheDocument();
    const [fresh, old] = await screen.findAllByTestId('notice');
    expect(within(fresh).getByRole('heading', { name: 'tz release 2026h' })).toBeInTheDocument();
    expect(fresh).toHaveTextContent('New');
    expect(fresh).toHaveTextContent('Received Nov 26, 2026, 2:30 PM GMT+5:30');
    // The change starts at Kolkata's midnight, written in the display zone with its name.
    expect(
      within(fresh)
        .getAllByTestId('notice-change')
        .map((line) => line.textContent),
    ).toEqual([
      'From Dec 15, 2026, 12:00 AM GMT+5:30: UTC+05:30 (IST) becomes UTC+06:00 (+06)',
      'From Dec 15, 2026, 12:00 AM GMT+5:30: UTC+05:30 (IST) becomes UTC+06:00 (+06)',
    ]);
    expect(within(fresh).getByTestId('notice-pinned-key')).toHaveTextContent(
      'Your key “Billing (frozen)” was pinned to 2026f and answers from it until you move the pin. Moving it to 2026h changes:',
    );
    expect(within(fresh).getByRole('link', { name: 'Move the pin' })).toHaveAttribute('href', '/dashboard/api-keys');
    expect(within(fresh).getByRole('link', { name: 'Every zone 2026h changed' })).toHaveAttribute('href', '/timezone-data#tzdb-2026h');
    expect(fresh).toHaveAttribute('id', 'notice-6d0f1f7e-3b0e-4c55-9d1a-1b2c3d4e5f60');

    expect(old).toHaveTextContent('Dismissed');
    expect(old).toHaveTextContent('Received Oct 1, 2026, 2:30 PM GMT+5:30 · dismissed Oct 2, 2026, 3:30 PM GMT+5:30');
    expect(old).toHaveTextContent('Asia/Kathmandu');
    expect(within(old).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(within(old).queryByRole('link', { name: 'Move the pin' })).not.toBeInTheDocument();
  });

  it('Dismiss keeps the notice in the history, marked dismissed', async () => {
    let dismissedAt: string | null = null;
    const { calls } = serveApi({
      'GET /api/change-notices/history': () => ({ body: { notices: [notice({ dismissedAt })] } }),
      'POST /api/change-notices/6d0f1f7e-3b0e-4c55-9d1a-1b2c3d4e5f60/dismiss': () => {
        dismissedAt = '2026-11-27T09:00:00.000Z';
        return { status: 204 };
      },
    });
    renderWithProviders(<NoticesPage />, { route: '/dashboard/notices', me: inKolkata });
    const card = await screen.findByTestId('notice');
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getByTestId('notice')).toHaveTextContent('dismissed Nov 27, 2026, 2:30 PM GMT+5:30'));
    expect(within(screen.getByTestId('notice')).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('with no notice yet, says so', async () => {
    serveApi({ 'GET /api/change-notices/history': { body: { notices: [] } } });
    renderWithProviders(<NoticesPage />, { route: '/dashboard/notices', me: inKolkata });
    const empty = await screen.findByTestId('notices-empty');
    expect(within(empty).getByRole('heading', { name: 'No Notices Yet' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('No tz release has changed a time zone your requests used.');
  });

  it('a failed read says what failed and offers Retry', async () => {
    serveApi({ 'GET /api/change-notices/history': { status: 503, body: { title: 'Service Unavailable', status: 503 } } });
    renderWithProviders(<NoticesPage />, { route: '/dashboard/notices', me: inKolkata });
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('Could not load your notices');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
