import { plainValues } from './plain-values.js';

/** The texts of every mail the product sends; each returns the subject, a plain-text body and an HTML body. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'TimeZone API';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function greeting(name: string): string {
  return name.trim() ? `Hi ${name.trim()},` : 'Hi,';
}

/**
 * The greeting of a mail that a stranger can make us send to an address (sign-up, password reset, e-mail change and
 * the notices about them): a fixed word, never a name typed into a form, so no one can put their own sentence at the
 * top of a mail from us to someone else.
 */
const FIXED_GREETING = 'Hello,';

/** One simple, accessible layout: a paragraph list and at most one button. */
function layout(paragraphs: string[], action?: { label: string; url: string }, footnotes: string[] = []): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">
${body}
${button}
${footnotes.map((p) => `<p style="margin:0 0 12px;font-size:13px;color:#555">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#777">— The ${PRODUCT} team</p>
</body></html>`;
}

export function verificationMail(input: { link: string }): RenderedMail {
  input = plainValues(input);
  const lines = [
    FIXED_GREETING,
    `Thanks for signing up for ${PRODUCT}. Please confirm your e-mail address to activate your account and create your first API key.`,
  ];
  const after = ['This link expires in 24 hours and can be used once. If you did not create an account, you can ignore this e-mail: nothing will happen.'];
  return {
    subject: `Verify your e-mail address for ${PRODUCT}`,
    text: [...lines, `Verify your e-mail address: ${input.link}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Verify e-mail address', url: input.link }, after),
  };
}

export function passwordResetMail(input: { link: string }): RenderedMail {
  input = plainValues(input);
  const lines = [FIXED_GREETING, `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account.`];
  const after = [
    'This link expires in 1 hour and can be used once. Setting a new password signs you out on every device.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  return {
    subject: `Reset your ${PRODUCT} password`,
    text: [...lines, `Choose a new password: ${input.link}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Choose a new password', url: input.link }, after),
  };
}

export function emailChangeMail(input: { link: string }): RenderedMail {
  input = plainValues(input);
  const lines = [
    FIXED_GREETING,
    `You asked to use this address for your ${PRODUCT} account. Please confirm it: your account keeps its current address until you do.`,
  ];
  const after = ['This link expires in 24 hours and can be used once. If you did not ask for this, ignore this e-mail: nothing will change.'];
  return {
    subject: `Confirm your new e-mail address for ${PRODUCT}`,
    text: [...lines, `Confirm this address: ${input.link}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Confirm e-mail address', url: input.link }, after),
  };
}

export function emailChangeAttemptMail(input: { loginUrl: string }): RenderedMail {
  input = plainValues(input);
  const lines = [
    FIXED_GREETING,
    `Someone just tried to move another ${PRODUCT} account to your e-mail address. Your address stays with your account, so nothing was changed.`,
    `If it was you: sign in at ${input.loginUrl} with this address instead.`,
    'If it was not you, you can ignore this e-mail.',
  ];
  return {
    subject: 'Someone tried to use your e-mail address for another account',
    text: [...lines, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Sign in', url: input.loginUrl }),
  };
}

export function registrationAttemptMail(input: { loginUrl: string }): RenderedMail {
  input = plainValues(input);
  const lines = [
    FIXED_GREETING,
    `Someone just tried to create a new ${PRODUCT} account with your e-mail address. You already have an account, so no new one was created and nothing about your account changed.`,
    `If it was you: sign in at ${input.loginUrl}. If you forgot your password, choose "Forgot password?" there to get a reset link.`,
    'If it was not you, you can ignore this e-mail.',
  ];
  return {
    subject: `Someone tried to register with your e-mail address`,
    text: [...lines, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Sign in', url: input.loginUrl }),
  };
}

export function supportNotificationMail(input: {
  id: string;
  name: string;
  email: string;
  category: string;
  subject: string;
  message: string;
  userId: string | null;
  adminUrl: string;
}): RenderedMail {
  input = plainValues(input, ['message']);
  const facts = [
    `From: ${input.name} <${input.email}>`,
    `Category: ${input.category}`,
    `Account: ${input.userId ?? 'not signed in'}`,
    `Message id: ${input.id}`,
  ];
  return {
    subject: `[Support] ${input.subject}`,
    text: [`New support message.`, facts.join('\n'), input.message, `Reply to this e-mail to answer ${input.name}. All messages: ${input.adminUrl}`].join(
      '\n\n',
    ),
    html: `<!doctype html><html><body style="font-family:sans-serif;font-size:15px;line-height:1.5">
<p>New support message.</p>
<p>${facts.map(escapeHtml).join('<br>')}</p>
<blockquote style="border-left:3px solid #ccc;margin:0;padding:0 12px;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>
<p>Reply to this e-mail to answer ${escapeHtml(input.name)}. <a href="${escapeHtml(input.adminUrl)}">All messages</a></p>
</body></html>`,
  };
}

export function accountClosedMail(input: { name: string; closedAt: Date; privacyUrl: string }): RenderedMail {
  input = plainValues(input);
  const lines = [
    greeting(input.name),
    `Your ${PRODUCT} account was closed on ${input.closedAt.toUTCString()}, as you asked.`,
    'Every API key has stopped working, every session has ended and any paid subscription has been cancelled: nothing more will be charged.',
    'Your name, e-mail address and support messages are erased. Invoices are kept as the law requires, and usage records are kept without IP addresses until their 12 months run out.',
    `You can register again with this e-mail address at any time. What we keep and why: ${input.privacyUrl}`,
  ];
  return {
    subject: `Your ${PRODUCT} account is closed`,
    text: [...lines, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines),
  };
}

export function quotaAlertMail(input: {
  name: string;
  percent: 80 | 100;
  limit: number;
  used: number;
  resetMinutes: number;
  topKeys: { name: string; count: number }[];
  usageUrl: string;
  profileUrl: string;
}): RenderedMail {
  input = plainValues(input);
  const lines = [
    greeting(input.name),
    input.percent === 100
      ? `Your account has used all ${input.limit} requests of the free plan's hourly quota. Further requests are answered with 429 until requests leave the rolling hour (the first slot frees in about ${input.resetMinutes} minute${input.resetMinutes === 1 ? '' : 's'}).`
      : `Your account has used ${input.used} of the ${input.limit} requests of the free plan's hourly quota (${input.percent}%). When the quota is used up, requests are answered with 429 until requests leave the rolling hour.`,
    input.topKeys.length
      ? `The keys that used it most in the last hour: ${input.topKeys.map((k) => `${k.name} (${k.count} request${k.count === 1 ? '' : 's'})`).join(', ')}.`
      : 'No single key stands out in the last hour.',
    'A paid plan has no hourly quota.',
  ];
  const after = [`You get at most one of these e-mails per level and hour. To stop them, turn off quota alerts in your profile: ${input.profileUrl}`];
  return {
    subject: input.percent === 100 ? `You have used your hourly ${PRODUCT} quota` : `You have used ${input.percent}% of your hourly ${PRODUCT} quota`,
    text: [...lines, `See your usage: ${input.usageUrl}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'See your usage', url: input.usageUrl }, after),
  };
}

/** To super admins: the IANA feed refused a release. The reason stays in the console: it quotes what the feed served. */
export function feedRefusalMail(input: { version: string | null; consoleUrl: string }): RenderedMail {
  input = plainValues(input);
  const what = input.version ? `release ${input.version}` : 'a release';
  const paragraphs = [
    'Hello,',
    `The IANA release feed refused ${what}: its signature, its archive or its version did not pass the checks. The active release stays, and customers' answers have not changed.`,
    'The reason is on the Time zone data page of the console, and in the audit log.',
  ];
  return {
    subject: `${PRODUCT}: the tz release feed refused ${what}`,
    text: `${paragraphs.join('\n\n')}\n\n${input.consoleUrl}\n\n— The ${PRODUCT} team\n`,
    html: layout(paragraphs, { label: 'Open Time zone data', url: input.consoleUrl }),
  };
}

/** One zone's changes for a change notice: each stretch's first date, and the offsets before and after. */
export interface ZoneChangeLine {
  zone: string;
  changes: { from: string; before: string; after: string }[];
}

/** A key pinned to an older release, and what moving its pin to the new release would change. */
export interface PinnedKeyLine {
  name: string;
  pinnedTo: string;
  zones: ZoneChangeLine[];
}

const changeText = (z: ZoneChangeLine): string => `${z.zone}: ${z.changes.map((c) => `from ${c.from}, ${c.before} becomes ${c.after}`).join('; ')}.`;

export function changeNoticeMail(input: {
  name: string;
  version: string;
  zones: ZoneChangeLine[];
  pinnedKeys?: PinnedKeyLine[];
  dashboardUrl: string;
  profileUrl: string;
}): RenderedMail {
  input = plainValues(input);
  const pinned = input.pinnedKeys ?? [];
  const lines = [
    greeting(input.name),
    `tz database release ${input.version} is now live on ${PRODUCT}. It changes the clocks of ${input.zones.length === 1 ? 'a zone' : 'zones'} your requests used in the last 30 days:`,
    ...input.zones.map(changeText),
    pinned.length
      ? 'Keys that are not pinned follow the new rules already. Check any times you stored or scheduled in these zones.'
      : 'Our answers follow the new rules already. Check any times you stored or scheduled in these zones.',
    // Never the secret: a pinned key is named by the name its owner gave it.
    ...pinned.flatMap((key) => [
      `Your key "${key.name}" is pinned to release ${key.pinnedTo} and keeps answering from it until you move the pin. ${
        key.zones.length
          ? `Moving it to ${input.version} would change ${key.zones.length === 1 ? 'a zone' : `${key.zones.length} zones`} you used:`
          : `Moving it to ${input.version} would change none of the zones you used in the last 30 days.`
      }`,
      ...key.zones.map(changeText),
    ]),
  ];
  const after = [`To stop these e-mails, turn off change notices in your profile: ${input.profileUrl}`];
  return {
    subject: `Time zone change: ${input.zones
      .map((z) => z.zone)
      .slice(0, 3)
      .join(', ')}${input.zones.length > 3 ? ` and ${input.zones.length - 3} more` : ''}`,
    text: [...lines, `See it in your dashboard: ${input.dashboardUrl}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Open the dashboard', url: input.dashboardUrl }, after),
  };
}

export function webhookPausedMail(input: { name: string; url: string; hours: number; webhooksUrl: string }): RenderedMail {
  input = plainValues(input);
  const lines = [
    greeting(input.name),
    `Deliveries to your webhook endpoint ${input.url} have failed for ${input.hours} hours, so we paused it. Events are no longer sent to it.`,
    'Fix the endpoint, then resume it on the Webhooks page and resend the deliveries you missed.',
  ];
  return {
    subject: `Your ${PRODUCT} webhook endpoint was paused`,
    text: [...lines, `Webhooks: ${input.webhooksUrl}`, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Open Webhooks', url: input.webhooksUrl }, []),
  };
}

/** What a super admin changed on a customer's account, as the customer's notice says it. */
export type ConsoleChange =
  | { kind: 'key_rotated'; keyPrefix: string }
  | { kind: 'plan_changed'; from: string; to: string; via: 'grant' | 'subscription' | 'cancellation' }
  | { kind: 'limits_changed'; limits: string; custom: boolean }
  | { kind: 'blocked' }
  | { kind: 'unblocked' };

function consoleChangeLines(change: ConsoleChange): { subject: string; lines: string[] } {
  switch (change.kind) {
    case 'key_rotated':
      return {
        subject: `Your ${PRODUCT} API key was rotated`,
        lines: [
          `Our team rotated your API key ${change.keyPrefix}…. The old key stopped working at once.`,
          'Reveal the new key on the API Keys page of your dashboard and put it where the old one was used.',
        ],
      };
    case 'plan_changed':
      return {
        subject: `Your ${PRODUCT} plan is now ${change.to}`,
        lines: [
          `Our team changed your plan from ${change.from} to ${change.to}.`,
          change.via === 'grant'
            ? change.to === 'Free'
              ? 'Nothing is charged for the Free plan.'
              : `The ${change.to} plan is granted at no charge; you can start paying for it from Billing.`
            : change.via === 'cancellation'
              ? 'Your subscription was cancelled: nothing more will be charged.'
              : 'The change was charged or credited to your card, prorated; your billing history shows it.',
          'The new limits apply from your next API request.',
        ],
      };
    case 'limits_changed':
      return {
        subject: `Your ${PRODUCT} limits were changed`,
        lines: [
          change.custom
            ? `Our team set limits for your account: ${change.limits}. They replace your plan's limits from your next API request.`
            : `Our team removed the limits set for your account: your plan's limits apply again (${change.limits}) from your next API request.`,
        ],
      };
    case 'blocked':
      return {
        subject: `Your ${PRODUCT} account was blocked`,
        lines: ['Our team blocked your account: you were signed out, and your API keys are refused.', 'If you think this is a mistake, contact support.'],
      };
    case 'unblocked':
      return {
        subject: `Your ${PRODUCT} account was unblocked`,
        lines: ['Our team unblocked your account: you can sign in again, and your API keys are accepted again.'],
      };
  }
}

/**
 * To the customer, after a super admin's change in the console (keys, plan, limits, block). Only texts of ours and
 * values the product made (plan names, numbers, a key's generated prefix): nothing anyone typed.
 */
export function consoleChangeMail(input: { change: ConsoleChange; dashboardUrl: string; supportUrl: string }): RenderedMail {
  input = plainValues(input);
  const { subject, lines } = consoleChangeLines(input.change);
  const all = [FIXED_GREETING, ...lines];
  const after = [`Questions about this change: ${input.supportUrl}`];
  return {
    subject,
    text: [...all, `Your dashboard: ${input.dashboardUrl}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(all, { label: 'Open the dashboard', url: input.dashboardUrl }, after),
  };
}

/** An instant as the mails write it, to the minute in UTC: "2026-12-06 10:00 UTC". */
function utcMinute(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * To a key's owner, 7 days before the key expires (issue 51). Only what the server made is quoted: the masked key (its
 * prefix and last four characters) and the time, never the key's name, so no text typed by anyone is mailed.
 */
export function keyExpiryMail(input: { maskedKey: string; expiresAt: Date; keysUrl: string }): RenderedMail {
  const when = utcMinute(input.expiresAt);
  const { maskedKey, keysUrl } = plainValues({ maskedKey: input.maskedKey, keysUrl: input.keysUrl });
  const lines = [
    FIXED_GREETING,
    `Your API key ${maskedKey} expires on ${when}. After that, requests with it are refused (401 key_expired).`,
    'To keep your integration working, create a new key or set a later expiry date on the API Keys page before then.',
  ];
  const after = ['You get this e-mail once per key and expiry date.'];
  return {
    subject: `Your ${PRODUCT} key ${maskedKey} expires in 7 days`,
    text: [...lines, `Your API keys: ${keysUrl}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Open your API keys', url: keysUrl }, after),
  };
}

/**
 * An invitation to an organisation (issue 51). The organisation's name and the inviter are typed by people, so the mail
 * quotes neither: it names only the role (from a fixed list) and the expiry, and the link's page shows who invited.
 */
export function invitationMail(input: { link: string; roleLabel: string; expiresAt: Date }): RenderedMail {
  const when = utcMinute(input.expiresAt);
  const { link, roleLabel } = plainValues({ link: input.link, roleLabel: input.roleLabel });
  const lines = [
    FIXED_GREETING,
    `You have been invited to join an organisation on ${PRODUCT} as ${roleLabel}.`,
    'Open the invitation to see who invited you and to accept it. You can sign in with an existing account or create one.',
  ];
  const after = [`The invitation works once and expires on ${when}. If you did not expect it, ignore this e-mail: nothing will happen.`];
  return {
    subject: `You are invited to an organisation on ${PRODUCT}`,
    text: [...lines, `Open the invitation: ${link}`, ...after, `— The ${PRODUCT} team`].join('\n\n'),
    html: layout(lines, { label: 'Open the invitation', url: link }, after),
  };
}
