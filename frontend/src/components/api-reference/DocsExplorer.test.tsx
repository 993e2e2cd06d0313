import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocsExplorer, type EndpointExecutor } from './DocsExplorer';
import { buildCategories, buildEndpoints, jsonToCsv, jsonToXml, type OpenApiDocument } from '../../lib/api-reference/model';
import { SNIPPET_LANGUAGES, pythonExample, snippet, typescriptExample } from '../../lib/api-reference/snippets';
import { SNIPPET_LANGUAGE_STORAGE_KEY } from './useSnippetLanguage';
import { openapiSpec } from '../../lib/api-reference/spec';
import { renderWithProviders } from '../../testing/render';

const spec: OpenApiDocument = {
  openapi: '3.0.0',
  info: { title: 'Test', version: '1.2.3' },
  tags: [{ name: 'Time' }, { name: 'Conversion' }, { name: 'System' }],
  paths: {
    '/api/time/current': {
      get: {
        operationId: 'Time_current',
        summary: 'Current time in a zone',
        description: 'Current local time.',
        tags: ['Time'],
        parameters: [
          { name: 'timezone', in: 'query', required: true, description: 'IANA zone', schema: { type: 'string', example: 'America/New_York' } },
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'xml', 'csv'] } },
          { name: 'X-API-Key', in: 'header', required: false, schema: { type: 'string' } },
        ],
        responses: {
          '200': { content: { 'application/json': { example: { timezone: 'America/New_York', utc_offset: '-04:00', location: { country: 'US' } } } } },
        },
      },
    },
    '/api/time/utc': {
      get: {
        operationId: 'Time_utc',
        summary: 'Current UTC time',
        tags: ['Time'],
        parameters: [{ name: 'X-API-Key', in: 'header', schema: { type: 'string' } }],
        responses: { '200': { content: { 'application/json': { example: { utc_time: '2024-07-01T13:00:00Z' } } } } },
      },
    },
    '/api/conversion/timezone': {
      post: {
        operationId: 'Conversion_convert',
        summary: 'Convert between zones',
        tags: ['Conversion'],
        parameters: [{ name: 'X-API-Key', in: 'header', schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              examples: { simple: { value: { fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' } } },
            },
          },
        },
        responses: { '200': { content: { 'application/json': { example: { convertedDateTime: '2024-07-01T14:00:00+01:00' } } } } },
      },
    },
    '/api/health': {
      get: {
        operationId: 'Health',
        summary: 'Service health',
        tags: ['System'],
        responses: { '200': { content: { 'application/json': { example: { status: 'ok' } } } } },
      },
    },
  },
};

describe('docs model', () => {
  it('reads every public operation of the generated OpenAPI file into the nine categories, and no account or admin route', () => {
    const categories = buildCategories(openapiSpec);
    const operations = Object.values(openapiSpec.paths).flatMap((ops) => Object.values(ops));
    const publicTags = ['Time', 'TimeZone', 'Conversion', 'Calculation', 'Business time', 'Astronomy', 'Planning', 'System', 'WorldTimeAPI'];
    expect(buildEndpoints(openapiSpec)).toHaveLength(operations.length);
    expect(categories.map((c) => c.name)).toEqual(publicTags);
    const publicOperations = operations.filter((op) => publicTags.includes(op?.tags?.[0] ?? '')).length;
    expect(categories.reduce((n, c) => n + c.endpoints.length, 0)).toBe(publicOperations);
    expect(categories.flatMap((c) => c.endpoints.map((e) => e.path)).filter((p) => /^\/api\/(admin|auth|api-keys|billing)/.test(p))).toEqual([]);
  });

  it('every public endpoint has an example in each of the seven languages that needs nothing the reader lacks', () => {
    const endpoints = buildCategories(openapiSpec).flatMap((c) => c.endpoints);
    for (const e of endpoints) {
      const values = Object.fromEntries(e.parameters.map((p) => [p.name, p.example]));
      if (e.download) {
        // The exact data to download: the example saves the file, from the documented path.
        expect(e.path).toMatch(/^\/api\/timezone\/releases\/\{version\}\//);
        expect(typescriptExample({ endpoint: e, origin: 'https://tzapi.dev', values, body: undefined })).toContain('await writeFile(');
        const py = pythonExample({ endpoint: e, origin: 'https://tzapi.dev', values, body: undefined });
        expect(py).toMatch(/requests\.get\("https:\/\/tzapi\.dev\/api\/timezone\/releases\/\d{4}[a-z]+\//);
        expect(py).toContain('f.write(res.content)');
        continue;
      }
      // WorldTimeAPI's zone lists answer a bare array of names and its .txt twins plain text, as WorldTimeAPI did; every
      // other answer is a documented view.
      expect(e.responseModel ?? e.path).toMatch(/View$|^\/api\/compat\/worldtimeapi\/(timezone(\/\{area\})?|.*\.txt)$/);
      const body = e.requestExample === undefined ? undefined : JSON.stringify(e.requestExample);
      const request = { endpoint: e, origin: 'https://tzapi.dev', values, body };
      const code = Object.fromEntries(SNIPPET_LANGUAGES.map((l) => [l.id, snippet(l.id, request)]));
      // No generated model modules: the TypeScript tab calls the API's own client, Python only needs requests.
      expect(code.typescript).toContain("import { createTzApiClient } from '@tzapi/client';");
      expect(code.typescript).toContain(`await tz.${e.method.toLowerCase()}('${e.path}'`);
      expect(code.typescript).not.toMatch(/api-schema|components\[/);
      expect(code.python.split('\n').filter((line) => /^(import|from) /.test(line))).toEqual(['import requests']);
      expect(code.javascript).not.toMatch(/^import /m);
      expect(code.go).toMatch(/^package main$/m);
      expect(code.php.startsWith('<?php\n')).toBe(true);
      for (const language of ['curl', 'javascript', 'python', 'go', 'php', 'csharp']) expect(code[language].includes('X-API-Key')).toBe(e.requiresKey);
      for (const language of ['javascript', 'python', 'go', 'php', 'csharp']) expect(code[language]).toContain('https://tzapi.dev/api/');
    }
    const tzif = endpoints.find((e) => e.download === 'application/octet-stream')!;
    expect(pythonExample({ endpoint: tzif, origin: 'https://tzapi.dev', values: { version: '2026f', zone: 'America/New_York' }, body: undefined })).toContain(
      'zoneinfo.ZoneInfo.from_file(f)',
    );
    expect(endpoints.filter((e) => e.download).map((e) => e.download)).toEqual(['application/octet-stream', 'text/plain']);
    const current = endpoints.find((e) => e.path === '/api/time/current')!;
    expect(current.requiresKey).toBe(true);
    const request = { endpoint: current, origin: 'https://tzapi.dev', values: { timezone: 'Europe/London' }, body: undefined };
    expect(snippet('python', request)).toContain('params={"timezone": "Europe/London"},\n    headers={"X-API-Key": "YOUR_API_KEY"},');
    expect(snippet('typescript', request)).toContain("await tz.get('/api/time/current', {\n  params: { query: { timezone: 'Europe/London' } },\n});");
    const coordinate = endpoints.find((e) => e.path === '/api/timezone/coordinate')!;
    // Numbers stay numbers, as the client's types want them.
    expect(snippet('typescript', { ...request, endpoint: coordinate, values: { latitude: '40.7128', longitude: '-74.006' } })).toContain(
      'params: { query: { latitude: 40.7128, longitude: -74.006 } }',
    );
  });

  it('builds XML and CSV from a JSON example', () => {
    expect(jsonToXml({ a: 1, b: { c: 'x<y' } })).toContain('<response><a>1</a><b><c>x&lt;y</c></b></response>');
    expect(jsonToCsv({ a: 1, b: { c: 'x' } })).toBe('"a","b.c"\n1,"x"');
  });
});

describe('docs explorer', () => {
  afterEach(() => vi.useRealTimers());

  it('shows categories with counts and method badges', () => {
    renderWithProviders(<DocsExplorer spec={spec} />);
    expect(screen.getByTestId('endpoint-summary')).toHaveTextContent('4 endpoints in 3 categories');
    const time = screen.getByTestId('category-Time');
    expect(within(time).getByText('2')).toBeInTheDocument();
    const links = screen.getAllByTestId('endpoint-link');
    expect(links).toHaveLength(4); // every endpoint is in the sidebar; other categories are collapsed
    expect(within(links[0]).getByText('GET')).toHaveAttribute('data-method', 'GET');
  });

  it('selecting a category selects its first endpoint', async () => {
    renderWithProviders(<DocsExplorer spec={spec} />);
    await userEvent.click(screen.getByTestId('category-Conversion'));
    const detail = screen.getByTestId('endpoint-detail');
    expect(within(detail).getByRole('heading', { name: 'Convert between zones' })).toBeInTheDocument();
    expect(within(detail).getAllByText('POST')[0]).toHaveAttribute('data-method', 'POST');
    expect(screen.getByTestId('request-example')).toHaveTextContent('-H "X-API-Key: YOUR_API_KEY"');
    expect(screen.getByTestId('request-example')).toHaveTextContent('"fromTimeZone":"America/New_York"');
  });

  it('lists parameters with Required badges and example placeholders; the URL and request follow the inputs', async () => {
    renderWithProviders(<DocsExplorer spec={spec} />);
    const input = screen.getByRole('textbox', { name: 'timezone' });
    expect(input).toHaveAttribute('placeholder', 'America/New_York');
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByTestId('endpoint-url')).toHaveTextContent('/api/time/current');
    expect(screen.getByTestId('request-example')).toHaveTextContent('timezone=America%2FNew_York');
    await userEvent.type(input, 'Asia/Tokyo');
    expect(screen.getByTestId('request-example')).toHaveTextContent('timezone=Asia%2FTokyo');
  });

  it('shows one language at a time, and the chosen one is remembered for the next endpoint and the next visit', async () => {
    const first = renderWithProviders(<DocsExplorer spec={spec} />);
    const example = () => screen.getByTestId('request-example');
    expect(screen.getByRole('tab', { name: 'cURL', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['cURL', 'JavaScript', 'TypeScript', 'Python', 'Go', 'PHP', 'C#']);
    await userEvent.click(screen.getByRole('tab', { name: 'Python' }));
    expect(within(example()).getByRole('tabpanel')).toHaveTextContent('import requests');
    expect(example()).not.toHaveTextContent('curl -X');
    expect(window.localStorage.getItem(SNIPPET_LANGUAGE_STORAGE_KEY)).toBe('python');

    await userEvent.click(screen.getByTestId('category-Conversion'));
    expect(screen.getByRole('tab', { name: 'Python', selected: true })).toBeInTheDocument();
    expect(example()).toHaveTextContent('requests.post(');

    first.unmount();
    renderWithProviders(<DocsExplorer spec={spec} />);
    expect(screen.getByRole('tab', { name: 'Python', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'TypeScript' }));
    expect(example()).toHaveTextContent("import { createTzApiClient } from '@tzapi/client';");
    expect(screen.getByRole('button', { name: 'Copy TypeScript' })).toBeInTheDocument();
  });

  it('Execute is simulated: after 1 second the example answer shows, in the chosen format', async () => {
    // The simulated answer's second runs on the fake clock (user-event's own pauses need a real one: plain clicks).
    vi.useFakeTimers();
    renderWithProviders(<DocsExplorer spec={spec} />);
    fireEvent.click(screen.getByRole('button', { name: 'XML' }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    expect(screen.getByRole('button', { name: 'Executing...' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const panel = screen.getByTestId('response-panel');
    expect(within(panel).getByText('200 OK')).toBeInTheDocument();
    expect(panel).toHaveTextContent('<timezone>America/New_York</timezone>');
    vi.useRealTimers();
  });

  it('uses the executor it is given (the dashboard passes a real one)', async () => {
    const executor = vi.fn<EndpointExecutor>(async () => ({ status: 429, statusText: 'Too Many Requests', body: '{"code":"rate_limited"}' }));
    renderWithProviders(<DocsExplorer spec={spec} executor={executor} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'timezone' }), 'Europe/Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('429 Too Many Requests')).toBeInTheDocument();
    expect(executor.mock.calls[0][0].url).toContain('/api/time/current?timezone=Europe%2FParis');
  });

  it('shows the status, time and headers of a real answer, rate limit and data version first', async () => {
    const executor = vi.fn<EndpointExecutor>(async () => ({
      status: 200,
      statusText: 'OK',
      body: '{}',
      durationMs: 41.6,
      headers: {
        'content-type': 'application/json',
        'ratelimit-limit': '100',
        'ratelimit-remaining': '97',
        'ratelimit-reset': '1800',
        'x-tzdb-version': '2025b',
      },
    }));
    renderWithProviders(<DocsExplorer spec={spec} executor={executor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Execute' }));
    const panel = screen.getByTestId('response-panel');
    expect(await within(panel).findByText('200 OK')).toBeInTheDocument();
    expect(within(panel).getByText('42 ms')).toBeInTheDocument();
    const keyRows = within(panel)
      .getAllByTestId('ratelimit-header')
      .map((row) => row.textContent);
    expect(keyRows).toEqual(['ratelimit-limit100', 'ratelimit-remaining97', 'ratelimit-reset1800', 'x-tzdb-version2025b']);
    expect(within(panel).queryByText('content-type')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'All headers (5)' }));
    expect(within(panel).getByText('content-type')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Fewer headers' }));
    expect(within(panel).queryByText('content-type')).not.toBeInTheDocument();
  });

  it('the simulated answer on /docs has no headers to show', async () => {
    // The simulated answer's second runs on the fake clock (user-event's own pauses need a real one: plain clicks).
    vi.useFakeTimers();
    renderWithProviders(<DocsExplorer spec={spec} />);
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const panel = screen.getByTestId('response-panel');
    expect(within(panel).getByText('200 OK')).toBeInTheDocument();
    expect(within(panel).queryByTestId('response-headers')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('a failing executor shows the spec error toast', async () => {
    renderWithProviders(<DocsExplorer spec={spec} executor={async () => Promise.reject(new Error('network down'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Failed to execute API endpoint')).toBeInTheDocument();
  });

  it('download buttons toast "Download Started"', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<DocsExplorer spec={spec} />);
    await userEvent.click(screen.getByRole('button', { name: 'Postman Collection' }));
    expect(await screen.findByText('Postman collection downloaded successfully')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OpenAPI Spec' }));
    expect(await screen.findByText('OpenAPI spec downloaded successfully')).toBeInTheDocument();
    expect(screen.getByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get API Key' })).toHaveAttribute('href', '/dashboard/api-keys');
    click.mockRestore();
  });
});
