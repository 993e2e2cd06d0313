import PDFDocument from 'pdfkit';
import { PLANS } from '../../config/plans.js';
import type { User } from '../accounts/user.entity.js';
import { invoiceNumber } from './invoice.entity.js';
import type { Invoice } from './invoice.entity.js';

const PRODUCT = 'TimeZone API';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The facts a receipt prints, in order; also what tests read back from the PDF. */
export function receiptLines(invoice: Invoice, user: Pick<User, 'firstName' | 'lastName' | 'email'> & { kind?: User['kind'] }): [string, string][] {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const period = invoice.periodStart && invoice.periodEnd ? `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}` : 'Not stated';
  return [
    ['Invoice number', invoiceNumber(invoice)],
    ['Date', day(invoice.paidAt ?? invoice.createdAt)],
    // An organisation's own address is a reserved placeholder: its receipt names the organisation only.
    ['Billed to', user.kind === 'organisation' ? name : name ? `${name} <${user.email}>` : user.email],
    ['Plan', invoice.plan ? PLANS[invoice.plan].name : 'Not stated'],
    ['Period', period],
    ['Description', invoice.description],
    ['Amount', `${Number(invoice.amount).toFixed(2)} ${invoice.currency.toUpperCase()}`],
    ['Status', 'Paid'],
  ];
}

/** A one-page PDF receipt for a paid invoice, made with pdfkit; resolves with the whole file. */
export function renderReceiptPdf(invoice: Invoice, user: Pick<User, 'firstName' | 'lastName' | 'email'>): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${invoiceNumber(invoice)}`, Author: PRODUCT } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(22).text(PRODUCT);
  doc.moveDown(0.3).font('Helvetica').fontSize(14).fillColor('#555555').text('Receipt');
  doc.moveDown(1.5).fillColor('#000000').fontSize(11);
  for (const [label, value] of receiptLines(invoice, user)) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 130 });
    doc.font('Helvetica').text(value, 196, y, { width: 340 });
    doc.moveDown(0.6);
  }
  doc.moveDown(2).fontSize(9).fillColor('#555555').text(`Thank you for your payment. Amounts are in ${invoice.currency.toUpperCase()}.`, 56);
  doc.end();
  return done;
}
