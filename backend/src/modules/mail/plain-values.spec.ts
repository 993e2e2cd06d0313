import { quotaAlertMail, supportNotificationMail } from './mail.templates.js';

describe("mail text parts carry no customer's control characters", () => {
  it('a key named with CR LF stays on its line in the quota mail', () => {
    const mail = quotaAlertMail({
      name: 'Ada\r\nX-Injected: 1',
      percent: 80,
      used: 80,
      limit: 100,
      resetMinutes: 10,
      topKeys: [{ name: 'x\r\nBcc: victim@example', count: 80 }],
      usageUrl: 'https://tz.example/usage',
      profileUrl: 'https://tz.example/profile',
    } as Parameters<typeof quotaAlertMail>[0]);
    const lines = mail.text.split(/\r?\n|\r|\u2028|\u2029/);
    expect(lines.some((l) => l.startsWith('Bcc:') || l.startsWith('X-Injected:'))).toBe(false);
    expect(mail.text).toContain('x Bcc: victim@example (80 requests)');
    expect(mail.text).toContain('Hi Ada X-Injected: 1,');
  });

  it("a support message keeps its own line breaks; its subject and sender's name do not", () => {
    const mail = supportNotificationMail({
      id: 'm1',
      name: 'Eve\nReply-To: x',
      email: 'eve@example.com',
      category: 'other',
      subject: 'Hi\r\nBcc: victim@example',
      message: 'line one\nline two\u0007',
      userId: null,
      adminUrl: 'https://tz.example/admin',
    } as Parameters<typeof supportNotificationMail>[0]);
    expect(mail.subject).toBe('[Support] Hi Bcc: victim@example');
    expect(mail.text).toContain('line one\nline two ');
    expect(mail.text).toContain('From: Eve Reply-To: x <eve@example.com>');
  });
});
