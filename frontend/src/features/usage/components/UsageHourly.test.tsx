import { screen } from '@testing-library/react';
import { chartBars, UsageSummaryView } from './UsageSummaryView';
import { renderWithProviders } from '../../../testing/render';
import type { UsageSummary } from '../api';

// A rolling day: 06:00 UTC yesterday to 06:00 UTC today, so one clock hour (11:30 in Kolkata) comes twice.
const hours = Array.from({ length: 25 }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 21, 6 + i)).toISOString(), count: i === 24 ? 7 : 0 }));
const lastDay: UsageSummary = {
  range: { start: '2026-11-21T06:00:00.000Z', end: '2026-11-22T06:00:00.000Z' },
  timeZone: 'Asia/Kolkata',
  totalRequests: 7,
  successRate: 100,
  averageResponseTime: 5,
  todayRequests: 7,
  perDay: [
    { date: '2026-11-21', start: '2026-11-21T06:00:00.000Z', count: 7 },
    { date: '2026-11-22', start: '2026-11-21T18:30:00.000Z', count: 0 },
  ],
  perHour: hours,
  statusCodes: [{ statusCode: 200, count: 7 }],
  topEndpoints: [{ endpoint: '/api/time/utc', count: 7 }],
  recent: [],
  endpoints: ['/api/time/utc'],
};

describe('usage chart for "Last Day"', () => {
  it('draws one bar per hour, titled "Requests per Hour", labelled in the viewer’s zone, which it names', () => {
    renderWithProviders(<UsageSummaryView summary={lastDay} keyPrefix="tzk_live_AbCd" rangeDays={1} />);
    expect(screen.getByRole('heading', { name: 'Requests per Hour' })).toBeInTheDocument();
    expect(screen.queryByText('Requests per Day')).not.toBeInTheDocument();
    expect(screen.getByTestId('chart-zone')).toHaveTextContent('Hours in India Standard Time (Asia/Kolkata)');
    expect(screen.getByTestId('chart-zone')).toHaveTextContent('Nov 21, 2026, 11:30 AM GMT+5:30 to Nov 22, 2026, 11:30 AM GMT+5:30');
    const chart = screen.getByTestId('chart-per-hour');
    // 06:00 UTC is 11:30 in Kolkata; the axis runs hour by hour from there.
    expect(chart).toHaveTextContent('11:30');
    expect(chart).toHaveTextContent('2:30');
  });

  it('keeps yesterday’s and today’s same clock hour apart: 25 bars, the calls in the last one', () => {
    const { hourly, bars } = chartBars(lastDay, 1, 'Asia/Kolkata');
    expect(hourly).toBe(true);
    expect(new Set(bars.map((b) => b.key)).size).toBe(25);
    expect(bars[0].label).toBe('11:30 AM');
    expect(bars[24]).toEqual({ key: '2026-11-22T06:00:00.000Z', label: '11:30 AM', tooltip: 'Nov 22, 2026, 11:30 AM GMT+5:30', count: 7 });
  });

  it('longer ranges stay per day', () => {
    renderWithProviders(<UsageSummaryView summary={{ ...lastDay, perHour: [] }} keyPrefix="tzk_live_AbCd" rangeDays={7} />);
    expect(screen.getByRole('heading', { name: 'Requests per Day' })).toBeInTheDocument();
    expect(screen.getByTestId('chart-per-day')).toBeInTheDocument();
  });
});
