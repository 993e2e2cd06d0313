import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimezoneDirectory, ZoneStats } from './TimezoneDirectory';
import { normalizeZone, zonesToCsv, type ZoneEntry } from './zones';
import { renderWithProviders } from '../../testing/render';

const zones: ZoneEntry[] = [
  { timezone: 'Europe/London', country: 'United Kingdom', region: 'Europe', utc_offset: '+01:00', observes_dst: true, main_city: 'London' },
  { timezone: 'Asia/Kathmandu', country: 'Nepal', region: 'Asia', utc_offset: '+05:45', observes_dst: false, main_city: 'Kathmandu' },
  {
    timezone: 'America/New_York',
    country: 'United States of America',
    region: 'America',
    utc_offset: '-04:00',
    observes_dst: true,
    main_city: 'New York City',
  },
  { timezone: 'America/Argentina/Buenos_Aires', country: 'Argentina', region: 'America', utc_offset: '-03:00', observes_dst: false, main_city: null },
  { timezone: 'Africa/Abidjan', country: 'Côte d\'Ivoire, "CI"', region: 'Africa', utc_offset: '+00:00', observes_dst: false, main_city: 'Abidjan' },
].map(normalizeZone);

const cityNames = () => screen.getAllByTestId('zone-card').map((c) => within(c).getByRole('heading').textContent);

describe('time zone directory', () => {
  it('sorts by city by default and shows shown-of-total', () => {
    renderWithProviders(<TimezoneDirectory zones={zones} />);
    expect(cityNames()).toEqual(['Abidjan', 'Buenos Aires', 'Kathmandu', 'London', 'New York City']);
    expect(screen.getByTestId('zone-count')).toHaveTextContent('Showing 5 of 5 time zones');
  });

  it('searches city, identifier or country', async () => {
    renderWithProviders(<TimezoneDirectory zones={zones} />);
    const search = screen.getByRole('textbox', { name: 'Search time zones' });
    await userEvent.type(search, 'nepal');
    expect(cityNames()).toEqual(['Kathmandu']);
    await userEvent.clear(search);
    await userEvent.type(search, 'america/');
    expect(cityNames()).toEqual(['Buenos Aires', 'New York City']);
    expect(screen.getByTestId('zone-count')).toHaveTextContent('Showing 2 of 5 time zones');
  });

  it('filters by region and sorts by identifier or offset', async () => {
    renderWithProviders(<TimezoneDirectory zones={zones} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    const regionOptions = screen.getAllByRole('option').map((o) => o.textContent);
    expect(regionOptions).toEqual(['All regions', 'Africa', 'America', 'Asia', 'Europe']);
    await userEvent.click(screen.getByRole('option', { name: 'America' }));
    expect(cityNames()).toEqual(['Buenos Aires', 'New York City']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'UTC offset' }));
    expect(cityNames()).toEqual(['New York City', 'Buenos Aires']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(screen.getByRole('option', { name: 'All regions' }));
    expect(cityNames()).toEqual(['New York City', 'Buenos Aires', 'Abidjan', 'London', 'Kathmandu']);
  });

  it('names tzdb\'s Etc region "Global" in the filter and on the cards', async () => {
    const utc = normalizeZone({ timezone: 'Etc/UTC', country: null, region: 'Etc', utc_offset: '+00:00', observes_dst: false, main_city: null });
    renderWithProviders(<TimezoneDirectory zones={[...zones, utc]} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    expect(screen.getByRole('option', { name: 'Global' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Etc' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Global' }));
    expect(cityNames()).toEqual(['UTC']);
    expect(screen.getByTestId('zone-card')).toHaveTextContent('Global');
  });

  it('shows DST flags from the data', () => {
    renderWithProviders(<TimezoneDirectory zones={zones} />);
    const london = screen.getAllByTestId('zone-card').find((c) => c.textContent?.includes('Europe/London'))!;
    expect(within(london).getByText('DST')).toBeInTheDocument();
    const kathmandu = screen.getAllByTestId('zone-card').find((c) => c.textContent?.includes('Asia/Kathmandu'))!;
    expect(within(kathmandu).getByText('No DST')).toBeInTheDocument();
  });

  it('Export CSV downloads the shown rows', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:zones';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<TimezoneDirectory zones={zones} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search time zones' }), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await blobs[0].text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('zone,city,country,region,utc_offset,dst');
    expect(lines).toContain('Asia/Kathmandu,Kathmandu,Nepal,Asia,+05:45,false');
    expect(lines).toContain('Africa/Abidjan,Abidjan,"Côte d\'Ivoire, ""CI""",Africa,+00:00,false');
    expect(await screen.findByText('Download Started')).toBeInTheDocument();
    click.mockRestore();
  });

  it('CSV quotes commas and quotes', () => {
    expect(zonesToCsv([zones[4]])).toContain('"Côte d\'Ivoire, ""CI"""');
  });

  it('CSV cells that a spreadsheet would run as a formula get a leading quote; offsets stay as they are', () => {
    const hostile = normalizeZone({
      timezone: 'Etc/Test',
      country: '=HYPERLINK("http://evil.example/?x","open")',
      region: '@SUM(1+1)',
      utc_offset: '-05:00',
      observes_dst: false,
      main_city: "-2+3+cmd|' /C calc'!A0",
    });
    const line = zonesToCsv([hostile]).split('\r\n')[1];
    expect(line).toBe(`Etc/Test,'-2+3+cmd|' /C calc'!A0,"'=HYPERLINK(""http://evil.example/?x"",""open"")",'@SUM(1+1),-05:00,false`);
  });

  it('stat tiles come from the data', () => {
    renderWithProviders(<ZoneStats zones={zones} />);
    const tiles = screen.getAllByTestId('zone-stat').map((t) => t.textContent);
    expect(tiles).toEqual(['5Time zones', '4Regions covered', '5Countries', '2Observe DST']);
  });
});
