import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { Webhook } from 'standardwebhooks';
import { createUser, signedInClient } from '../../factories/index.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { waitFor } from '../../support/processes.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import type { TestClient } from '../../support/http.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback: records every POST; `/flaky-N` answers 500 to its first N requests, `/big` 10,000 bytes. */
export class Receiver {
  readonly received: Received[] = [];
  private readonly failures = new Map<string, number>();
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const failFirst = Number(/^\/flaky-(\d+)/.exec(path)?.[1] ?? 0);
      const seen = (this.failures.get(path) ?? 0) + 1;
      this.failures.set(path, seen);
      if (seen <= failFirst) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down for now');
        return;
      }
      if (path.startsWith('/big')) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(10_000));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  url = '';

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    return receiver;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Each event's body schema, from the `webhooks` section of the OpenAPI document the app serves. */
let documentedBody: (type: string) => ValidateFunction;

/** The body of a delivery, after its signature verified; it must match the schema the docs publish for its event. */
function verified(secret: string, r: Received): { type: string; data: Record<string, any> } {
  const payload = new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; data: Record<string, any> };
  const validate = documentedBody(payload.type);
  expect([payload.type, validate(payload) ? [] : validate.errors]).toEqual([payload.type, []]);
  return payload;
}

/**
 * The webhook cases' world: an app that may deliver to loopback (the receiver) and one deployed as it should be, each
 * on a database of its own, a real SMTP peer and a real HTTP receiver. Call it inside a describe: it registers the
 * hooks that start and stop them, and its fields are set once they have started.
 */
export function webhookWorld() {
  const world = {
    a: undefined as unknown as TestApp,
    strict: undefined as unknown as TestApp,
    smtp: undefined as unknown as SmtpPeer,
    receiver: undefined as unknown as Receiver,
    verified,
    async enterprise(): Promise<{ user: Awaited<ReturnType<typeof createUser>>; client: TestClient }> {
      const user = await createUser(world.a, { plan: 'enterprise' });
      return { user, client: await signedInClient(world.a, user) };
    },
    delivered: (path: string, type: string, count = 1) =>
      waitFor(
        `${count} ${type} at ${path}`,
        async () => {
          const hits = world.receiver.at(path).filter((r) => JSON.parse(r.body).type === type);
          return hits.length >= count ? hits : undefined;
        },
        30_000,
      ),
  };
  let db: { url: string; drop(): Promise<void> };
  let strictDb: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  beforeAll(async () => {
    // Its own database: the change notice test activates a tz release, which every suite sharing a database would see.
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    world.smtp = await SmtpPeer.start();
    world.receiver = await Receiver.start();
    const fast = {
      JOBS_POLL_MS: '500',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_MAX_DELAY_SECONDS: '2',
      SMTP_URL: world.smtp.smtpUrl,
      REDIS_URL: undefined,
    };
    // The receiver is on loopback over http: only allowed with WEBHOOK_ALLOW_PRIVATE (local development).
    world.a = await createTestApp({ ...fast, WEBHOOK_ALLOW_PRIVATE: 'true' });
    // Deployed as it should be, on a database of its own (its workers must not claim the other app's deliveries).
    strictDb = await isolatedDatabase();
    world.strict = await createTestApp({ ...fast, WEBHOOK_ALLOW_PRIVATE: undefined, DATABASE_URL: strictDb.url });
    const document = (await (await fetch(`${world.a.url}/openapi/openapi.json`)).json()) as {
      openapi: string;
      webhooks: Record<string, any>;
      components: unknown;
    };
    expect(document.openapi).toBe('3.1.0');
    // OpenAPI 3.1 schemas are JSON Schema 2020-12: the document's components are the schemas' home.
    const ajv = new Ajv2020({ strict: false, validateFormats: false }).addSchema({ $id: 'https://tzapi.test/openapi.json', components: document.components });
    documentedBody = (type) => {
      const body = document.webhooks[type]?.post?.requestBody?.content?.['application/json']?.schema;
      if (!body) throw new Error(`${type} is not in the document's webhooks`);
      return ajv.compile(JSON.parse(JSON.stringify(body).replaceAll('"#/components/', '"https://tzapi.test/openapi.json#/components/')));
    };
  });
  afterAll(async () => {
    await world.a?.close();
    await world.strict?.close();
    await world.receiver?.close();
    await world.smtp?.close();
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
    await strictDb?.drop();
  });
  return world;
}
