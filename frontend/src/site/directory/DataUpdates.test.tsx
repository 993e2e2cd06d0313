import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { DataUpdates } from './DataUpdates';

const releases = [
  {
    version: '2026f',
    loadedAt: '2026-11-20T09:00:00.000Z',
    wentLiveAt: '2026-11-20T09:00:00.000Z',
    origin: 'feed' as const,
    active: true,
    previousVersion: '2026b',
    changedZones: [
      {
        zone: 'America/Edmonton',
        changes: [
          {
            from: '2026-11-01T08:00:00.000Z',
            to: '2027-03-14T09:00:00.000Z',
            before: { utcOffset: '-07:00', abbreviation: 'MST', dst: false },
            after: { utcOffset: '-06:00', abbreviation: 'CST', dst: false },
          },
        ],
      },
    ],
  },
  {
    version: '2026b',
    loadedAt: '2026-05-01T09:00:00.000Z',
    wentLiveAt: '2026-05-01T09:00:00.000Z',
    origin: 'bundled' as const,
    active: false,
    previousVersion: null,
    changedZones: [],
  },
];

describe('Data updates on the directory page', () => {
  it('lists the releases, newest first, with the one in use and the zones it changed', () => {
    renderWithProviders(<DataUpdates releases={releases} isPending={false} isError={false} />);
    const list = screen.getByTestId('data-updates');
    const headings = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['2026f', '2026b']);
    expect(within(list).getByText('In use')).toBeInTheDocument();
    expect(within(list).getByText('America/Edmonton')).toBeInTheDocument();
    expect(within(list).getByText(/UTC-07:00 MST/)).toBeInTheDocument();
    expect(within(list).getByText('The first release loaded on this server.')).toBeInTheDocument();
  });

  it('a link to one release (#tzdb-2026b, from the keys page) scrolls to its card once the list is there', () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      renderWithProviders(<DataUpdates releases={releases} isPending={false} isError={false} />, { route: '/timezone-data#tzdb-2026b' });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
    expect(scrolled).toEqual(['tzdb-2026b']);
  });

  it('says when each release went live here and how it came, and links the Atom feed', () => {
    renderWithProviders(<DataUpdates releases={releases} isPending={false} isError={false} />);
    const list = screen.getByTestId('data-updates');
    expect(list).toHaveTextContent('live Nov 20, 2026, 09:00 UTC, from the signed IANA feed, replacing 2026b');
    expect(list).toHaveTextContent('live May 1, 2026, 09:00 UTC, shipped with the server');
    expect(screen.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', '/api/timezone/releases.atom');
  });

  it('has an empty state', () => {
    renderWithProviders(<DataUpdates releases={[]} isPending={false} isError={false} />);
    expect(screen.getByTestId('data-updates-empty')).toHaveTextContent('No data updates yet.');
  });
});
