import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DisplayZoneCard } from './DisplayZoneCard';
import { renderWithProviders, sampleUser, serveApi } from '../../../testing/render';

describe('the display zone picker', () => {
  it('offers the server’s zone names (Asia/Kolkata, where a browser may list Asia/Calcutta) and saves the one chosen', async () => {
    const zone = (timezone: string) => ({ timezone, country: null, region: 'Asia', utc_offset: '+05:30', observes_dst: false, main_city: null });
    const { calls } = serveApi({
      'GET /api/public/timezones': { body: { timezones: [zone('Asia/Kolkata'), zone('Asia/Kathmandu')], total: 2, locale: 'en' } },
      'PUT /api/profile/display-zone': { body: { ...sampleUser, displayZone: 'Asia/Kolkata' } },
    });
    renderWithProviders(<DisplayZoneCard />, { me: sampleUser });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    expect(await screen.findByRole('option', { name: 'Asia/Kolkata (GMT+5:30)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'UTC (UTC)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Asia\/Calcutta/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Asia/Kolkata (GMT+5:30)' }));
    expect(await screen.findByText('Times now show in Asia/Kolkata.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { displayZone: 'Asia/Kolkata' } });
  });
});
