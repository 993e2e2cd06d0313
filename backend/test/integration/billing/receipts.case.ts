import { PDFParse } from 'pdf-parse';
import { SandboxClock } from '../../../src/modules/billing/sandbox-clock.js';
import { PAYMENT_GATEWAY } from '../../../src/modules/billing/payment-gateway.js';
import type { SandboxGateway } from '../../../src/modules/billing/sandbox.gateway.js';
import { Subscription } from '../../../src/modules/billing/subscription.entity.js';
import { createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Lovelace' };

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function download(client: TestClient, path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(client.baseUrl + path, { headers: { cookie: client.cookieHeader } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

describe('receipts and the full billing history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function subscriber() {
    const user = await createUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const client = await signedInClient(t, user);
    const pm = await client.post('/api/billing/sandbox/payment-methods', CARD);
    expect((await client.post('/api/billing/create-subscription', { plan: 'premium', paymentMethodId: pm.body.id })).body.success).toBe(true);
    return { user, client };
  }

  it('a paid invoice downloads as a PDF with number, date, plan, period, amount, currency, name and e-mail', async () => {
    const { user, client } = await subscriber();
    const [invoice] = (await client.get('/api/billing/history')).body;
    expect(invoice).toMatchObject({ status: 'paid', plan: 'premium', receiptUrl: `/api/billing/invoices/${invoice.id}/receipt.pdf` });
    const sub = await t.orm.em.fork().findOneOrFail(Subscription, { user: user.id });
    const period = `${sub.currentPeriodStart!.toISOString().slice(0, 10)} to ${sub.currentPeriodEnd!.toISOString().slice(0, 10)}`;

    const pdf = await download(client, invoice.receiptUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.body);
    expect(text).toContain(invoice.number);
    expect(text).toContain('5.00 USD');
    expect(text).toContain(period);
    expect(text).toContain('Premium');
    expect(text).toContain(`Ada Lovelace <${user.email}>`);
    expect(text).toContain(invoice.paidAt.slice(0, 10));
  });

  it("someone else's invoice is 404, an unknown id 404, and a pending one 409", async () => {
    const { client } = await subscriber();
    const [invoice] = (await client.get('/api/billing/history')).body;
    const stranger = await signedInClient(t, await createUser(t));
    expect((await stranger.get(`/api/billing/invoices/${invoice.id}/receipt.pdf`)).status).toBe(404);
    expect((await client.get('/api/billing/invoices/not-an-id/receipt.pdf')).body.code).toBe('not_found');
    await t.orm.em.fork().getConnection().execute(`update invoices set status = 'pending' where id = ?`, [invoice.id]);
    const pending = await client.get(`/api/billing/invoices/${invoice.id}/receipt.pdf`);
    expect([pending.status, pending.body.code]).toEqual([409, 'invoice_not_paid']);
    expect((await client.get('/api/billing/history')).body[0].receiptUrl).toBeNull();
  });

  it('lists every invoice, paged, newest first', async () => {
    const { user, client } = await subscriber();
    // Three renewals on the sandbox clock: four paid invoices in all.
    const gateway = t.app.get<SandboxGateway>(PAYMENT_GATEWAY);
    for (let i = 0; i < 3; i++) {
      const sub = await t.orm.em.fork().findOneOrFail(Subscription, { user: user.id });
      await gateway.setPeriodEnd(sub.providerSubscriptionId, new Date(Date.now() - 1000));
      await t.app.get(SandboxClock).tick();
    }
    const first = (await client.get('/api/billing/invoices?limit=3')).body;
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(3);
    const second = (await client.get('/api/billing/invoices?limit=3&offset=3')).body;
    expect(second.items).toHaveLength(1);
    const ids = [...first.items, ...second.items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(4);
    const created = [...first.items, ...second.items].map((i: { createdAt: string }) => i.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect((await client.get('/api/billing/invoices?limit=1000')).body.code).toBe('validation_failed');
  });
});
