import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
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
});
