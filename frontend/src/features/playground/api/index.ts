import type { EndpointExecutor, ExecuteResult } from '../../../components/api-reference/DocsExplorer';
import { keyedFetch } from '../../../lib/api';
import type { ResponseFormat } from '../../../lib/api-reference/model';

const acceptOf: Record<ResponseFormat, string> = { json: 'application/json', xml: 'application/xml', csv: 'text/csv' };

/** Pretty-print JSON answers; XML and CSV are shown as sent. */
function prettyBody(text: string, contentType: string): string {
  if (!/json/i.test(contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export type ExecutedCall = ExecuteResult & { headers: Record<string, string>; url: string; method: string };

/**
 * The docs explorer's executor for signed-in users: a real call with one of the user's keys in X-API-Key,
 * so it is authenticated, limited and metered like any client's (it shows up in Usage).
 */
export function createKeyExecutor(
  getKey: () => Promise<string>,
  onResult?: (call: ExecutedCall) => void,
  fetchImpl: typeof fetch = keyedFetch,
): EndpointExecutor {
  return async ({ endpoint, url, body, format }) => {
    const key = await getKey();
    const headers: Record<string, string> = { 'X-API-Key': key, Accept: acceptOf[format] };
    const hasBody = endpoint.method !== 'GET' && body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    // No cookies: the public API authenticates with the key alone.
    const response = await fetchImpl(url, {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'omit',
    });
    const text = await response.text();
    const durationMs = Math.round(performance.now() - started);
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    const call: ExecutedCall = {
      status: response.status,
      statusText: response.statusText,
      body: prettyBody(text, response.headers.get('content-type') ?? ''),
      durationMs,
      headers: responseHeaders,
      url,
      method: endpoint.method,
    };
    onResult?.(call);
    return call;
  };
}
