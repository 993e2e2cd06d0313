import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactText } from '../../../src/common/logging/redact.js';
import { JobQueue } from '../../../src/modules/jobs/job-queue.js';
import { MembershipsRepository } from '../../../src/modules/accounts/memberships.repository.js';
import { MailService } from '../../../src/modules/mail/mail.service.js';
import { passwordResetMail, registrationAttemptMail, supportNotificationMail, verificationMail } from '../../../src/modules/mail/mail.templates.js';
import { uniqueEmail } from '../../factories/index.js';
import { waitFor } from '../../support/processes.js';
import { parseMail, SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

describe('mail', () => {
  describe('without SMTP_URL: the dev mailbox', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ SMTP_URL: undefined });
    });
    afterAll(async () => {
      await t.close();
    });

    it('writes each message as an .eml file under DATA_DIR/mail and the link is in it', async () => {
      const email = uniqueEmail('mailbox');
      const res = await t.client().post('/api/auth/register', { name: 'Ada Lovelace', email, password: 'a long passphrase' });
      expect(res.status).toBe(201);
      const dir = join(t.config.dataDir, 'mail');
      const file = await waitFor(
        'the message in the mailbox',
        async () => (existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.eml') && f.includes(email)) : undefined),
        30_000,
        50,
      );
      const raw = readFileSync(join(dir, file), 'utf8');
      expect(raw).toMatch(/\r\n/);
      const parsed = parseMail(raw);
      expect(parsed.headers.to).toBe(email);
      expect(parsed.headers.subject).toMatch(/verify/i);
      expect(parsed.headers['message-id']).toBeDefined();
      expect(parsed.text).toContain(`${t.config.appUrl}/api/auth/verify-email?token=`);
      expect(parsed.html).toContain('Verify e-mail address');
    });

    it('MailService.send reports where the message went', async () => {
      const receipt = await t.app.get(MailService).send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain text https://example.com/x' });
      expect(receipt.via).toBe('mailbox');
      expect(existsSync(receipt.file!)).toBe(true);
    });

    it('the log names a file that opens: the redaction leaves the mailbox path alone', async () => {
      const receipt = await t.app.get(MailService).send({ to: 'newcomer@example.com', subject: 'Verify your e-mail address', text: 'x' });
      const logged = redactText(`Mail to newcomer@example.com: Verify your e-mail address — open ${receipt.file} for its link`);
      expect(logged).toContain(`open ${receipt.file} for its link`);
      expect(existsSync(receipt.file!)).toBe(true);
    });
  });

  describe('with SMTP_URL', () => {
    let t: TestApp;
    let smtp: SmtpPeer;
    beforeAll(async () => {
      smtp = await SmtpPeer.start();
      t = await createTestApp({ SMTP_URL: smtp.smtpUrl, MAIL_FROM: 'TimeZone API <robot@tzapi.test>' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('delivers over SMTP with the configured sender, a text and an HTML part, and no .eml file', async () => {
      const to = uniqueEmail('smtp');
      const receipt = await t.app.get(MailService).send({ to, subject: 'Über den Wolken', text: 'Grüße https://tzapi.test/a?b=c', html: '<p>Grüße</p>' });
      expect(receipt.via).toBe('smtp');
      const mail = await smtp.waitFor({ to });
      expect(mail.from).toBe('robot@tzapi.test');
      expect(mail.subject).toBe('Über den Wolken');
      expect(mail.text).toContain('Grüße');
      expect(mail.links).toEqual(['https://tzapi.test/a?b=c']);
      expect(mail.html).toContain('<p>Grüße</p>');
      expect(existsSync(join(t.config.dataDir, 'mail'))).toBe(false);
    });

    it('send throws when the SMTP server is unreachable (the outbox worker then retries the job)', async () => {
      const broken = new MailService({ ...t.config, SMTP_URL: 'smtp://127.0.0.1:1' }, t.app.get(JobQueue), t.app.get(MembershipsRepository));
      await expect(broken.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    });
  });

  describe('templates', () => {
    it('have real texts with the link in both parts and escape HTML', () => {
      const link = 'https://tzapi.test/api/auth/verify-email?token=abc&x=1';
      const verify = verificationMail({ link });
      expect(verify.subject).toBe('Verify your e-mail address for TimeZone API');
      expect(verify.text).toContain(link);
      expect(verify.text).toContain('24 hours');
      expect(verify.html).toContain('token=abc&amp;x=1');
      expect(verify.html).not.toContain('<script>');

      const reset = passwordResetMail({ link });
      expect(reset.text.startsWith('Hello,')).toBe(true);
      expect(reset.text).toContain('1 hour');

      const attempt = registrationAttemptMail({ loginUrl: 'https://tzapi.test/login' });
      expect(attempt.subject).toBe('Someone tried to register with your e-mail address');
      expect(attempt.text).toContain('no new one was created');

      const support = supportNotificationMail({
        id: 'id-1',
        name: 'Ada',
        email: 'ada@example.com',
        category: 'billing',
        subject: 'Invoice',
        message: 'Hello <b>',
        userId: null,
        adminUrl: 'https://tzapi.test/admin',
      });
      expect(support.subject).toBe('[Support] Invoice');
      expect(support.text).toContain('Category: billing');
      expect(support.html).toContain('Hello &lt;b&gt;');
    });
  });
});
