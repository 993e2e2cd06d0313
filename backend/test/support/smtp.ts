import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP peer received it, with its plain-text part decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(body: string, encoding = ''): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a (possibly multipart) RFC 822 message. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const { headers, body } = splitEntity(raw);
  const parts = { text: '', html: '' };
  const walk = (entityHeaders: Record<string, string>, entityBody: string) => {
    const type = (entityHeaders['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(entityHeaders['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of entityBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitEntity(chunk.replace(/^\r?\n/, ''));
        walk(part.headers, part.body);
      }
      return;
    }
    const decoded = decodeBody(entityBody, entityHeaders['content-transfer-encoding']);
    if (type.startsWith('text/html')) parts.html ||= decoded;
    else if (type.startsWith('text/plain')) parts.text ||= decoded;
  };
  walk(headers, body);
  return { headers, ...parts };
}

/**
 * A real SMTP server (the smtp-server package) on a random local port that keeps what it receives.
 * Pass `smtpUrl` as SMTP_URL to createTestApp; wait for a message with `waitFor`.
 */
export class SmtpPeer {
  readonly messages: ReceivedMail[] = [];
  private waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** On a random port, or on `port` (an SMTP server coming back where the app expects it after an outage). */
  static async start(port = 0): Promise<SmtpPeer> {
    let peer: SmtpPeer | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = parseMail(raw);
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            headers: parsed.headers,
            subject: decodeWords(parsed.headers.subject ?? ''),
            text: parsed.text,
            html: parsed.html,
            links: [...parsed.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
          };
          peer?.receive(mail);
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    peer = new SmtpPeer(server, (server.server.address() as AddressInfo).port);
    return peer;
  }

  private receive(mail: ReceivedMail): void {
    this.messages.push(mail);
    const ready = this.waiters.filter((w) => w.match(mail));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    ready.forEach((w) => w.resolve(mail));
  }

  /** The messages sent to `to` so far (case-insensitive). */
  to(to: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(to.toLowerCase()));
  }

  /** Resolves with the first message (already received or arriving later) that matches; rejects after `timeoutMs` (a hang guard). */
  waitFor(match: ((m: ReceivedMail) => boolean) | { to: string; subject?: RegExp }, timeoutMs = 30_000): Promise<ReceivedMail> {
    const predicate =
      typeof match === 'function' ? match : (m: ReceivedMail) => m.to.includes(match.to.toLowerCase()) && (!match.subject || match.subject.test(m.subject));
    const found = this.messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { match: predicate, resolve: (m: ReceivedMail) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `No mail matching ${typeof match === 'function' ? 'the predicate' : JSON.stringify({ to: match.to, subject: String(match.subject) })} within ${timeoutMs} ms (got ${this.messages.length}: ${this.messages.map((m) => `${m.to} "${m.subject}"`).join(', ')})`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Waits for the n-th message to `to` (1-based), for a second link of the same kind. */
  async waitForCount(to: string, count: number, timeoutMs = 30_000): Promise<ReceivedMail> {
    await this.waitFor(() => this.to(to).length >= count, timeoutMs).catch(() => {
      throw new Error(`Only ${this.to(to).length} of ${count} mails to ${to} arrived within ${timeoutMs} ms`);
    });
    return this.to(to)[count - 1];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
