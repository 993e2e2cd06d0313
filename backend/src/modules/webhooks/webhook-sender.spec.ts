import { createServer, type Server } from 'node:net';
import type { HostResolver } from './url-guard.js';
import { WebhookSender } from './webhook-sender.js';

/** A local receiver that counts the connections it is given (a webhook must never reach it). */
async function receiver(): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, connections: () => count };
}

/** A resolver under the test's control: the public-looking name answers what a rebinding DNS would, after the save. */
const rebinding =
  (address: string, family: 4 | 6 = 4): HostResolver =>
  (_host, callback) =>
    callback(null, [{ address, family }]);

describe('webhook delivery checks the address it connects to', () => {
  let local: Awaited<ReturnType<typeof receiver>>;
  beforeEach(async () => {
    local = await receiver();
  });
  afterEach(async () => {
    await new Promise((resolve) => local.server.close(resolve));
  });

  it('a name that now resolves to 127.0.0.1 is refused with its reason, and no connection is made', async () => {
    const sender = new WebhookSender(false, rebinding('127.0.0.1'));
    const result = await sender.post(`https://hooks.example.com:${local.port}/in`, {}, '{}');
    expect(result).toMatchObject({ statusCode: null, error: expect.stringContaining('hooks.example.com resolves to a private address (127.0.0.1)') });
    expect(local.connections()).toBe(0);
  });

  it('so is one that resolves to the metadata address carried in IPv6 (::a9fe:a9fe)', async () => {
    const sender = new WebhookSender(false, rebinding('::a9fe:a9fe', 6));
    const result = await sender.post(`https://hooks.example.com:${local.port}/in`, {}, '{}');
    expect(result.error).toContain('private address (::a9fe:a9fe)');
  });

  it('an IP literal saved before the stricter check is refused before connecting', async () => {
    const sender = new WebhookSender(false);
    for (const url of [`https://[::127.0.0.1]:${local.port}/`, `https://[::7f00:1]:${local.port}/`, `https://127.0.0.1:${local.port}/`]) {
      expect((await sender.post(url, {}, '{}')).error).toMatch(/^refused: 127\.0\.0\.1 is not a public address|^refused: ::7f00:1 is not a public address/);
    }
    expect(local.connections()).toBe(0);
  });

  it('the same send with private addresses allowed (development) does connect: the test can see a connection', async () => {
    const sender = new WebhookSender(true, rebinding('127.0.0.1'));
    const result = await sender.post(`https://hooks.example.com:${local.port}/in`, {}, '{}');
    expect(result.statusCode).toBeNull();
    expect(local.connections()).toBe(1);
  });
});
