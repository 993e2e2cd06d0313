import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, serveApi } from '../../testing/render';
import { DemoResponse } from './DemoResponse';

const answer = (timezone: string, offset: string) => ({
  timezone,
  current_time: `2026-11-23T09:00:00${offset}`,
  utc_offset: offset,
  dst_active: false,
  abbreviation: 'X',
  location: { country: 'Somewhere', region: 'Somewhere' },
});

describe('landing demo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the live answer of the public demo route for the picked zone, and says it is live', async () => {
    const { calls } = serveApi({
      'GET /api/public/demo/current': () => ({
        body: calls.at(-1)!.url.includes('Tokyo') ? answer('Asia/Tokyo', '+09:00') : answer('America/New_York', '-05:00'),
      }),
    });
    renderWithProviders(<DemoResponse />);
    expect(await screen.findByText(/"timezone": "America\/New_York"/)).toBeInTheDocument();
    expect(screen.getByTestId('demo-live')).toHaveTextContent('Live from our API');
    await userEvent.selectOptions(screen.getByTestId('demo-zone-select'), 'Asia/Tokyo');
    expect(await screen.findByText(/"utc_offset": "\+09:00"/)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/public/demo/current?timezone=America%2FNew_York', '/api/public/demo/current?timezone=Asia%2FTokyo']);
  });

  it('over the demo limit, says to wait or create a key', async () => {
    serveApi({ 'GET /api/public/demo/current': { status: 429, body: { code: 'rate_limited', status: 429 } } });
    renderWithProviders(<DemoResponse />);
    expect(await screen.findByTestId('demo-error')).toHaveTextContent(/try again in a minute, or create a free API key/);
    expect(screen.queryByTestId('demo-live')).not.toBeInTheDocument();
    expect(screen.queryByText(/Answered just now/)).not.toBeInTheDocument();
  });

  it('with the API down, says so beside the request (not as its response), drops "Live", and a Retry asks again', async () => {
    let up = false;
    const { calls } = serveApi({
      'GET /api/public/demo/current': () => (up ? { body: answer('America/New_York', '-05:00') } : { status: 503, body: { status: 503 } }),
    });
    renderWithProviders(<DemoResponse />);
    expect(await screen.findByTestId('demo-error')).toHaveTextContent('The live demo could not be reached just now.');
    expect(screen.queryByTestId('demo-live')).not.toBeInTheDocument();
    expect(screen.queryByText(/Answered just now/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy Response' })).not.toBeInTheDocument();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/"timezone": "America\/New_York"/)).toBeInTheDocument();
    expect(screen.getByTestId('demo-live')).toHaveTextContent('Live from our API');
    expect(calls).toHaveLength(2);
  });
});
