import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, serveApi } from '../../testing/render';
import { MeetingPlannerPage } from './MeetingPlannerPage';
import { hourKind, readState, slotText, type Seat, type Slot } from './planner-api';

const seat = (label: string, start: string, end: string, inWorkingHours: boolean, minutesOutside = 0): Seat => ({
  label,
  timezone: label === 'New York' ? 'America/New_York' : 'Europe/London',
  start,
  end,
  utcOffset: start.slice(19),
  abbreviation: label === 'New York' ? 'EDT' : 'GMT',
  inWorkingHours,
  minutesOutside,
  dayOff: null,
  holiday: null,
  dayOffset: 0,
});

const slot = (utcHour: number, inside: boolean): Slot => {
  const h = (n: number) => String(n).padStart(2, '0');
  return {
    start: `2027-03-15T${h(utcHour)}:00:00Z`,
    end: `2027-03-15T${h(utcHour + 1)}:00:00Z`,
    score: inside ? 80 : -60,
    everyoneInside: inside,
    minutesOutside: inside ? 0 : 60,
    worstMiddayDistance: 60,
    participants: [
      seat('New York', `2027-03-15T${h(utcHour - 4)}:00:00-04:00`, `2027-03-15T${h(utcHour - 3)}:00:00-04:00`, inside || utcHour - 4 >= 9, inside ? 0 : 0),
      seat('London', `2027-03-15T${h(utcHour)}:00:00+00:00`, `2027-03-15T${h(utcHour + 1)}:00:00+00:00`, inside, inside ? 0 : 60),
    ],
  };
};

const answer = (fullOverlap: boolean, slots: Slot[]) => ({
  fullOverlap,
  from: '2027-03-15',
  to: '2027-03-15',
  durationMinutes: 60,
  stepMinutes: 60,
  candidates: 24,
  tzdbVersion: '2026f',
  people: [
    { label: 'New York', timezone: 'America/New_York', workingHours: {}, country: null, subdivision: null },
    { label: 'London', timezone: 'Europe/London', workingHours: {}, country: null, subdivision: null },
  ],
  slots,
  days: [],
});

const ROUTE = '/meeting-planner?zones=America/New_York,Europe/London&from=2027-03-15&days=1&duration=60';
const zones = { timezones: [{ timezone: 'Asia/Tokyo', main_city: 'Tokyo', country: 'Japan' }], total: 1 };

describe('the meeting planner page', () => {
  it('reads its state from the URL, asks the keyless planner path, and shows strips and the best slots', async () => {
    const { calls } = serveApi({
      'GET /api/public/timezones': { body: zones },
      'POST /api/public/planner/meeting-slots': { body: answer(true, [slot(13, true), slot(14, true)]) },
    });
    renderWithProviders(<MeetingPlannerPage />, { route: ROUTE });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meeting planner');
    await waitFor(() => expect(screen.getAllByTestId('planner-slot')).toHaveLength(2));
    expect(screen.getAllByTestId('strip')).toHaveLength(2);
    const posted = calls.filter((c) => c.url === '/api/public/planner/meeting-slots').map((c) => c.body as { participants: { timezone: string }[] });
    expect(posted[0].participants.map((p) => p.timezone)).toEqual(['America/New_York', 'Europe/London']);
    expect(screen.queryByTestId('planner-no-overlap')).toBeNull();
    expect(screen.getByTestId('planner-endpoint-docs').getAttribute('href')).toContain('/api/docs#/Planning/');
  });

  it('says so when no slot fits everyone, and copies a compromise as text', async () => {
    serveApi({
      'GET /api/public/timezones': { body: zones },
      'POST /api/public/planner/meeting-slots': { body: answer(false, [slot(12, false)]) },
    });
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<MeetingPlannerPage />, { route: ROUTE });
    await screen.findByTestId('planner-no-overlap');
    await user.click(within(screen.getByTestId('planner-slot')).getByTestId('copy-slot'));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('London: Mon 2027-03-15 12:00–13:00 GMT'));
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
  });

  it('has an empty state until two cities are added, and adds one from the search', async () => {
    serveApi({ 'GET /api/public/timezones': { body: zones }, 'POST /api/public/planner/meeting-slots': { body: answer(true, []) } });
    const user = userEvent.setup();
    renderWithProviders(<MeetingPlannerPage />, { route: '/meeting-planner' });
    expect(screen.getByTestId('planner-empty')).toBeTruthy();
    await user.type(screen.getByTestId('city-search'), 'Tok');
    await user.click(await screen.findByRole('option', { name: /Tokyo, Japan/ }));
    expect(screen.getByTestId('location').textContent).toContain('zones=Asia%2FTokyo');
    expect(within(screen.getByTestId('participants')).getByText(/Tokyo · Asia\/Tokyo/)).toBeTruthy();
  });

  it('colours an hour by what it is for the person, and bounds what the URL may ask', () => {
    expect(hourKind(seat('London', '2027-03-15T10:00:00+00:00', '', true))).toBe('work');
    expect(hourKind(seat('London', '2027-03-15T19:00:00+00:00', '', false))).toBe('evening');
    expect(hourKind(seat('London', '2027-03-15T03:00:00+00:00', '', false))).toBe('night');
    expect(readState(new URLSearchParams('zones=A/B,<script>&days=99&duration=7'), '2027-01-01')).toEqual({
      zones: ['A/B'],
      from: '2027-01-01',
      days: 14,
      duration: 60,
    });
    expect(slotText(slot(13, true), 60).split('\n')[0]).toBe('Meeting (60 min), 2027-03-15 13:00 UTC');
  });
});
