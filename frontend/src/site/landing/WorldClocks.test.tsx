import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, serveApi } from '../../testing/render';
import { WorldClocks } from './WorldClocks';

describe('landing world clock', () => {
  afterEach(() => vi.useRealTimers());

  it('names every zone in one style: no "PST" beside "GMT+9"', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    renderWithProviders(<WorldClocks />);
    const names = screen.getAllByTestId('world-clock-zone').map((n) => n.textContent);
    expect(names).toEqual([
      'Pacific Standard Time',
      'Eastern Standard Time',
      'Greenwich Mean Time',
      'Japan Standard Time',
      'Gulf Standard Time',
      'Australian Eastern Daylight Time',
    ]);
    for (const name of names) expect(name).not.toMatch(/GMT[+-]/);
  });

  it("shows each city's sunrise and sunset as the API wrote them (the place's wall clock, not the browser's)", async () => {
    const day = (sunrise: string | null, sunset: string | null, status = 'normal') => ({
      timezone: 'X',
      days: [{ sun_status: status, sunrise: sunrise && { time: sunrise, utc: '' }, sunset: sunset && { time: sunset, utc: '' } }],
    });
    const { calls } = serveApi({
      'GET /api/public/demo/sun': ({ method }) => ({ body: method === 'GET' ? day('2027-03-28T06:51:12+02:00', '2027-03-28T19:33:07+02:00') : {} }),
    });
    renderWithProviders(<WorldClocks />);
    await waitFor(() => expect(screen.getAllByTestId('world-clock-sun')).toHaveLength(6));
    const lines = screen.getAllByTestId('world-clock-sun');
    expect(lines[0].textContent).toBe('Sunrise 06:51 · Sunset 19:33');
    expect(calls.map((c) => c.url)).toContain('/api/public/demo/sun?city=Los%20Angeles');
  });
});
