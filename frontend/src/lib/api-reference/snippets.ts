/**
 * The request example of a docs endpoint in the languages the docs offer, each written to run as copied: nothing but
 * the language's standard library (or `requests`, or the API's own client `@tzapi/client`), the key filled in, the
 * answer printed, and an RFC 9457 problem's `code` reported. backend/test/integration/contract/request-examples.case.ts
 * runs the cURL, JavaScript, TypeScript and Python ones against a live server.
 */
// With its extension: backend/test/integration/contract/request-examples.case.ts loads this file too (NodeNext resolution).
import { curlExample, requestUrl, type DocEndpoint } from './model.js';

export const SNIPPET_LANGUAGES = [
  { id: 'curl', label: 'cURL' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'python', label: 'Python' },
  { id: 'go', label: 'Go' },
  { id: 'php', label: 'PHP' },
  { id: 'csharp', label: 'C#' },
] as const;

export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]['id'];

export function isSnippetLanguage(value: unknown): value is SnippetLanguage {
  return SNIPPET_LANGUAGES.some((l) => l.id === value);
}

/** What a snippet sends: the endpoint, the parameter values (empty ones are left out), the JSON body as typed. */
export interface SnippetRequest {
  endpoint: DocEndpoint;
  origin: string;
  values: Record<string, string>;
  body: string | undefined;
  apiKey?: string;
}

export function snippet(language: SnippetLanguage, request: SnippetRequest): string {
  const { endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' } = request;
  switch (language) {
    case 'curl':
      return curlExample(endpoint, origin, values, body, apiKey);
    case 'javascript':
      return javascriptExample(request);
    case 'typescript':
      return typescriptExample(request);
    case 'python':
      return pythonExample(request);
    case 'go':
      return goExample(request);
    case 'php':
      return phpExample(request);
    case 'csharp':
      return csharpExample(request);
  }
}

/** The body as sent: parsed JSON (compact in the snippet), or the text as typed when it is not JSON. */
function payloadOf(body: string | undefined): { json: unknown; text: string } | undefined {
  if (body === undefined || !body.trim()) return undefined;
  try {
    const json: unknown = JSON.parse(body);
    return { json, text: JSON.stringify(json) };
  } catch {
    return { json: body, text: body };
  }
}

/** A single-quoted JavaScript or PHP string literal. */
const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A single-quoted JavaScript literal: line breaks escaped too (an iCalendar rule set has them; PHP keeps them raw). */
const jsQuoted = (text: string) =>
  quoted(text)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
/** A double-quoted literal that JSON, Python, Go and C# all read the same way. */
const dquoted = (text: string) => JSON.stringify(text);

const NUMERIC_TYPES = new Set(['number', 'integer', 'double', 'float', 'int32', 'int64']);

/** A JSON value as a JavaScript literal with single-quoted strings and unquoted keys where allowed. */
function jsLiteral(value: unknown): string {
  if (typeof value === 'string') return jsQuoted(value);
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return '{}';
    return `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsQuoted(k)}: ${jsLiteral(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A JSON value as a Python literal (True, False, None). */
function pyLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return dquoted(value);
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${dquoted(k)}: ${pyLiteral(v)}`)
      .join(', ')}}`;
  return String(value);
}

/** The query parameters that are sent (the URL's), in order. */
function queryOf(endpoint: DocEndpoint, origin: string, values: Record<string, string>): { base: string; query: [string, string][] } {
  const url = new URL(requestUrl(endpoint, origin, values));
  const query = [...url.searchParams.entries()];
  url.search = '';
  return { base: url.toString(), query };
}

const PROBLEM_NOTE = 'an RFC 9457 problem with a stable code';

/** The file a download endpoint saves, named as its path's last part ("America_New_York", "tzdata.zi"). */
function downloadName(endpoint: DocEndpoint, values: Record<string, string>): string {
  const url = requestUrl(endpoint, '', values).split('?')[0];
  const at = url.lastIndexOf('/tzif/');
  return decodeURIComponent(url.slice(at >= 0 ? at + 6 : url.lastIndexOf('/') + 1)).replace(/\//g, '_');
}

/** A download (a TZif file, tzdata.zi) in JavaScript or TypeScript: fetch it and save the bytes. */
function downloadScript({ endpoint, origin, values }: SnippetRequest): string {
  return [
    '// Node.js 18+ (save as example.mjs): public and unmetered, no key needed.',
    "import { writeFile } from 'node:fs/promises';",
    '',
    `const res = await fetch(${quoted(requestUrl(endpoint, origin, values))});`,
    `if (!res.ok) throw new Error((await res.json()).detail); // ${PROBLEM_NOTE}`,
    `await writeFile(${quoted(downloadName(endpoint, values))}, new Uint8Array(await res.arrayBuffer())); // keep res.headers.get('etag') for If-None-Match`,
  ].join('\n');
}

export function javascriptExample({ endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' }: SnippetRequest): string {
  if (endpoint.download) return downloadScript({ endpoint, origin, values, body });
  const payload = payloadOf(body);
  const headers = [endpoint.requiresKey ? `'X-API-Key': ${quoted(apiKey)}` : null, payload ? `'Content-Type': 'application/json'` : null].filter(Boolean);
  const options = [
    endpoint.method !== 'GET' ? `  method: '${endpoint.method}',` : null,
    headers.length ? `  headers: { ${headers.join(', ')} },` : null,
    payload ? `  body: JSON.stringify(${jsLiteral(payload.json)}),` : null,
  ].filter((line) => line !== null);
  const url = quoted(requestUrl(endpoint, origin, values));
  return [
    '// Node.js 18+ (save as example.mjs, run: node example.mjs) or a browser console.',
    options.length ? `const res = await fetch(${url}, {\n${options.join('\n')}\n});` : `const res = await fetch(${url});`,
    'const answer = await res.json();',
    `if (!res.ok) throw new Error(\`\${res.status} \${answer.code}: \${answer.detail}\`); // ${PROBLEM_NOTE}`,
    'console.log(answer);',
  ].join('\n');
}

/** The request through the API's typed client (packages/client): the path, parameters and body are checked by tsc. */
export function typescriptExample({ endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' }: SnippetRequest): string {
  if (endpoint.download) return downloadScript({ endpoint, origin, values, body });
  const payload = payloadOf(body);
  const literal = (name: string, value: string) => {
    const type = endpoint.parameters.find((p) => p.name === name)?.type ?? 'string';
    return NUMERIC_TYPES.has(type) && value.trim() !== '' && Number.isFinite(Number(value)) ? String(Number(value)) : quoted(value);
  };
  const group = (location: 'query' | 'path') => {
    const entries = endpoint.parameters
      .filter((p) => p.location === location && p.name !== 'format' && values[p.name])
      .map((p) => `${/^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : quoted(p.name)}: ${literal(p.name, values[p.name])}`);
    return entries.length ? `${location}: { ${entries.join(', ')} }` : null;
  };
  const params = [group('path'), group('query')].filter(Boolean);
  const init = [params.length ? `  params: { ${params.join(', ')} },` : null, payload ? `  body: ${jsLiteral(payload.json)},` : null].filter((l) => l !== null);
  const method = endpoint.method.toLowerCase();
  const call = init.length ? `await tz.${method}('${endpoint.path}', {\n${init.join('\n')}\n});` : `await tz.${method}('${endpoint.path}');`;
  return [
    '// npm install @tzapi/client   (typed from the OpenAPI document; run as example.mts with Node.js 23.6+ or tsx)',
    "import { createTzApiClient } from '@tzapi/client';",
    '',
    `const tz = createTzApiClient({ apiKey: ${quoted(apiKey)}, baseUrl: ${quoted(origin)} });`,
    '',
    `// Throws a TzApiError with the problem's status and code; waits and retries on 429 (Retry-After).`,
    `const answer = ${call}`,
    'console.log(answer);',
  ].join('\n');
}

export function pythonExample({ endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' }: SnippetRequest): string {
  if (endpoint.download) {
    const name = downloadName(endpoint, values);
    return [
      '# pip install requests',
      'import requests',
      '',
      `res = requests.get(${dquoted(requestUrl(endpoint, origin, values))}, timeout=10)`,
      `res.raise_for_status()  # 4xx: ${PROBLEM_NOTE}`,
      `with open(${dquoted(name)}, "wb") as f:`,
      '    f.write(res.content)',
      ...(endpoint.download === 'application/octet-stream'
        ? [
            '',
            'import zoneinfo',
            `with open(${dquoted(name)}, "rb") as f:`,
            '    zone = zoneinfo.ZoneInfo.from_file(f)  # answers what the API answers for this release',
          ]
        : []),
    ].join('\n');
  }
  const payload = payloadOf(body);
  const { base, query } = queryOf(endpoint, origin, values);
  const args = [dquoted(base)];
  if (query.length) args.push(`params={${query.map(([k, v]) => `${dquoted(k)}: ${dquoted(v)}`).join(', ')}}`);
  if (payload) args.push(`json=${pyLiteral(payload.json)}`);
  if (endpoint.requiresKey) args.push(`headers={"X-API-Key": ${dquoted(apiKey)}}`);
  args.push('timeout=10');
  return [
    '# pip install requests',
    'import requests',
    '',
    `res = requests.${endpoint.method.toLowerCase()}(`,
    ...args.map((a) => `    ${a},`),
    ')',
    'answer = res.json()',
    `if not res.ok:  # ${PROBLEM_NOTE}`,
    `    raise SystemExit(f"{res.status_code} {answer['code']}: {answer['detail']}")`,
    'print(answer)',
  ].join('\n');
}

export function goExample({ endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' }: SnippetRequest): string {
  const payload = payloadOf(body);
  const reader = payload ? `strings.NewReader(${payload.text.includes('`') ? dquoted(payload.text) : `\`${payload.text}\``})` : 'nil';
  const imports = ['encoding/json', 'fmt', 'io', 'net/http', ...(payload ? ['strings'] : [])];
  return [
    '// go run main.go',
    'package main',
    '',
    'import (',
    ...imports.map((i) => `\t"${i}"`),
    ')',
    '',
    'func main() {',
    `\treq, err := http.NewRequest(${dquoted(endpoint.method)}, ${dquoted(requestUrl(endpoint, origin, values))}, ${reader})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    endpoint.requiresKey ? `\treq.Header.Set("X-API-Key", ${dquoted(apiKey)})` : null,
    payload ? '\treq.Header.Set("Content-Type", "application/json")' : null,
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tbody, err := io.ReadAll(res.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    `\tif res.StatusCode >= 400 { // ${PROBLEM_NOTE}`,
    '\t\tvar problem struct{ Code, Detail string }',
    '\t\t_ = json.Unmarshal(body, &problem)',
    '\t\tpanic(fmt.Sprintf("%d %s: %s", res.StatusCode, problem.Code, problem.Detail))',
    '\t}',
    '\tvar answer any',
    '\tif err := json.Unmarshal(body, &answer); err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(answer)',
    '}',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export function phpExample({ endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' }: SnippetRequest): string {
  const payload = payloadOf(body);
  const headers = [endpoint.requiresKey ? quoted(`X-API-Key: ${apiKey}`) : null, payload ? "'Content-Type: application/json'" : null].filter(Boolean);
  return [
    '<?php',
    '// php example.php (the curl extension)',
    `$ch = curl_init(${quoted(requestUrl(endpoint, origin, values))});`,
    'curl_setopt_array($ch, [',
    '    CURLOPT_RETURNTRANSFER => true,',
    endpoint.method !== 'GET' ? `    CURLOPT_CUSTOMREQUEST => '${endpoint.method}',` : null,
    headers.length ? `    CURLOPT_HTTPHEADER => [${headers.join(', ')}],` : null,
    payload ? `    CURLOPT_POSTFIELDS => ${quoted(payload.text)},` : null,
    ']);',
    '$body = curl_exec($ch);',
    'if ($body === false) {',
    "    throw new RuntimeException('Request failed: ' . curl_error($ch));",
    '}',
    '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    '$answer = json_decode($body, true);',
    `if ($status >= 400) { // ${PROBLEM_NOTE}`,
    "    throw new RuntimeException(\"$status {$answer['code']}: {$answer['detail']}\");",
    '}',
    'print_r($answer);',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export function csharpExample({ endpoint, origin, values, body, apiKey = 'YOUR_API_KEY' }: SnippetRequest): string {
  const payload = payloadOf(body);
  const method = endpoint.method.charAt(0) + endpoint.method.slice(1).toLowerCase();
  return [
    '// .NET 6+: dotnet new console, then put this in Program.cs and dotnet run',
    'using System.Text;',
    'using System.Text.Json;',
    '',
    'using var http = new HttpClient();',
    `using var request = new HttpRequestMessage(HttpMethod.${method}, ${dquoted(requestUrl(endpoint, origin, values))});`,
    endpoint.requiresKey ? `request.Headers.Add("X-API-Key", ${dquoted(apiKey)});` : null,
    payload ? `request.Content = new StringContent(${dquoted(payload.text)}, Encoding.UTF8, "application/json");` : null,
    'using var response = await http.SendAsync(request);',
    'var body = await response.Content.ReadAsStringAsync();',
    'if (!response.IsSuccessStatusCode)',
    '{',
    `    // ${PROBLEM_NOTE}`,
    '    using var problem = JsonDocument.Parse(body);',
    '    throw new HttpRequestException($"{(int)response.StatusCode} {problem.RootElement.GetProperty("code")}: {problem.RootElement.GetProperty("detail")}");',
    '}',
    'using var answer = JsonDocument.Parse(body);',
    'Console.WriteLine(JsonSerializer.Serialize(answer.RootElement, new JsonSerializerOptions { WriteIndented = true }));',
  ]
    .filter((line) => line !== null)
    .join('\n');
}
