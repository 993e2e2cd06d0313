import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The component tests' network: msw answers the app's real fetch calls; each test declares the answers it needs. */
export const apiServer = setupServer();

type Answer = { status?: number; body?: unknown };
/** An answer, or a function of the request (its method and body text, as fetch sent them) that gives one. */
type Route = Answer | ((init: { method: string; body?: string }) => Answer);

export interface ApiCall {
  method: string;
  /** Path and query, as the app asked for them ('/api/usage/summary?keyId=…'). */
  url: string;
  body?: unknown;
}

/**
 * msw handlers answering "METHOD /path" with JSON (200 and {} by default); any other request of the test gets the
 * API's 404 problem. Answers what was asked, in order, for the test to check.
 */
export function serveApi(routes: Record<string, Route>): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const record = async (request: Request) => {
    const text = await request.clone().text();
    const url = new URL(request.url);
    calls.push({ method: request.method, url: url.pathname + url.search, body: text ? JSON.parse(text) : undefined });
    return text;
  };
  const handlers = Object.entries(routes).map(([key, route]) => {
    const [method, path] = key.split(' ');
    return http.all(path, async ({ request }) => {
      if (request.method !== method) return undefined;
      const text = await record(request);
      const answer = typeof route === 'function' ? route({ method, body: text || undefined }) : route;
      return HttpResponse.json((answer.body === undefined ? {} : answer.body) as never, { status: answer.status ?? 200 });
    });
  });
  const notFound = http.all('*', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404 });
  });
  apiServer.use(...handlers, notFound);
  return { calls };
}
