import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: paths in the allow-lists are relative to it. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What `backend/src/modules/gateway` (everything between the socket and a sold route's controller) may read of other
 * modules, with the reason: the gateway is the one layer that sits across features. Features may import the gateway
 * (its decorators, guard and plan limits); the gateway imports only these, and common/ imports none of it.
 */
export const GATEWAY_READS = {
  'backend/src/modules/keys/key-codec': 'a key is checked for shape and checksum, then hashed, before any look-up',
  'backend/src/modules/keys/key-directory': 'the key guard and the metering hook resolve a key to its owner, limits and rules (cached)',
  'backend/src/modules/keys/key-restrictions': "the key guard applies a key's IP and domain rules",
  'backend/src/modules/keys/keys.errors': "the key guard answers with the keys' own problems (401, 403, 429)",
  'backend/src/modules/usage/usage.recorder': "the metering hook hands each metered answer's row to the usage writer; plan limits count its unwritten rows",
  'backend/src/modules/usage/usage.repository': "plan limits seed an in-process quota count from the account's written rows",
  'backend/src/modules/usage/quota-alerts': "the key guard tells the quota alert where an account's free hour stands",
  'backend/src/modules/usage/zone-usage': 'the metering hook counts the zones each answered request named (change notices)',
  'backend/src/modules/usage/hour-window.port': "plan limits answer the dashboard's hourly numbers through usage's port (usage imports no gateway)",
  'backend/src/modules/tzdb/release-cache': 'a request pinned to a stored tz release (tzdb=, Tzdb-Version, the key) answers from its compiled copy',
  'backend/src/modules/tzdb/request-release': 'the lane runs a pinned request inside the release it asked for',
  'backend/src/modules/tzdb/tz-release': 'the compiled release a pinned request runs in',
  'backend/src/modules/tzdb/bundled-release': "tzdb='s documented example is the release shipped with the product",
};

/**
 * What a feature publishes to the others: the few files another module may import, each with the reason. A module's
 * other files are its own. Published pieces are contracts (an entity every feature hangs off, a command port, an
 * announcement to listen to, a service with one job), never a way round a module's owner: accounts publishes the User
 * entity, but only its commands write plan, role, block and verification state.
 */
export const PUBLISHED = {
  'backend/src/modules/accounts/user.entity':
    'the account every key, session, invoice and message belongs to (read and referenced; written only by account-commands)',
  'backend/src/modules/accounts/dto/user.responses':
    "the account's answers (UserView, MeView): sign-in, the profile and the console's user pages answer with them",
  'backend/src/modules/accounts/account-commands': 'the one writer of plan, role, block, limits and verification state',
  'backend/src/modules/accounts/users.repository':
    "every query on the users table (issue 47): auth's credentials and second factor, self-service's preferences and the bootstrap super admin go through accounts",
  'backend/src/modules/accounts/memberships.repository':
    'who belongs to which organisation in which role (issue 51): the session guard, organisations, mail and billing read it',
  'backend/src/modules/accounts/invitations.repository': "an organisation's invitations (issue 51): organisations send and revoke them, the console lists them",
  'backend/src/modules/accounts/invitation-redemption': 'the one place an invitation token becomes a membership (organisations accept, auth registers)',
  'backend/src/modules/accounts/account-changes': "the after-commit announcement of an account's change: the key cache and sessions listen",
  'backend/src/modules/accounts/plan-change.port':
    'the port a committed plan change is announced through (the plan.changed webhook event): webhooks provides it, accounts imports no webhooks',
  'backend/src/modules/accounts/account-billing.port':
    "the port an account's life asks billing through (ending its subscriptions at a closure): billing provides it, accounts imports no billing",
  'backend/src/modules/auth/authenticated':
    "the session guard decorator (@Authenticated, @CurrentUser, @CurrentSession): how every feature's console and dashboard routes are guarded and documented",
  'backend/src/modules/auth/session.entity': "a signed-in browser's session: organisations switch its current organisation through SessionsService",
  'backend/src/modules/auth/sessions.service':
    'resolving and ending a browser session: routes outside auth read the signed-in user (support) or end it (account closure)',
  'backend/src/modules/auth/throttled-route.guard':
    "the account-route throttle decorator (@AuthThrottled): support's contact form is counted per IP and e-mail like sign-in",
  'backend/src/modules/auth/attempt-limits': 'the account-action limits: closing an account and exporting its data are counted per IP and e-mail like sign-in',
  'backend/src/modules/tzdb/bundled-release':
    'the tz release shipped with the product and its version (X-Tzdb-Version, health, the engine until another is activated)',
  'backend/src/modules/tzdb/active-release':
    'the active tz release and its switches (tzdb the only switcher): the time engine answers from it, health and the site show its version',
  'backend/src/modules/tzdb/tz-release': 'a compiled tz release (zones, links, geography): the lower layer the time engine answers from',
  'backend/src/modules/tzdb/compiled-zone': "a compiled zone's periods and transitions, which the engine's local-time arithmetic reads",
  'backend/src/modules/tzdb/luxon-zone': "a compiled zone as a Luxon Zone, so the engine's date arithmetic uses our tz data, not the runtime's ICU",
  'backend/src/modules/audit/audit-trail':
    "the audit log's one writer: the console, the jobs console and an account's closure record their actions, in their own transaction",
  'backend/src/modules/audit/org-audit.repository':
    "an organisation's own audit (issue 51): keys, webhooks and the organisation's actions record who did what, in their own transaction",
  'backend/src/modules/audit/audit-log.entity':
    "the audit log's row (append-only): a change made outside the console (a tz release load, an account's closure) is audited in its own transaction",
  'backend/src/modules/mail/mail.service': 'sending mail: one outbox (a job per mail) and one transport for every feature',
  'backend/src/modules/jobs/job-queue':
    'the one job engine (pg-boss on our PostgreSQL): every feature defines its later work as a queue and enqueues in its own transaction',
  'backend/src/modules/mail/mail.templates': "the product's mail texts",
  'backend/src/modules/webhooks/webhooks.service': "emitting a webhook event (keys, billing, plan changes, quota alerts), in the causing change's transaction",
  'backend/src/modules/usage/zone-usage': 'the zones each account used per day: change notices find the accounts a changed zone concerns',
  'backend/src/modules/tzdb/stored-release-zones':
    "any stored tz release, compiled on first use: the impact check compares two (to be folded into the pinning work's release cache)",
  'backend/src/modules/tzdb/release-cache':
    'every stored tz release, compiled on first use (bounded LRU): pinned requests, key pins, TZif downloads and comparisons of two releases',
  'backend/src/modules/tzdb/request-release': 'the release a pinned request answers from: the gateway sets it, the time engine reads it',
  'backend/src/modules/tzdb/tzdb.errors': "tzdb's problems (unknown_release) where another module refuses a release a client named (a key's pin)",
  'backend/src/modules/timezone/cldr/cldr-data': 'the Unicode CLDR data the names in a language come from, and its version (health names it)',
  'backend/src/modules/tzdb/release-changes': 'what a release changed (zones, dates, offsets before and after): change notices tell the accounts concerned',
};

/**
 * What a feature publishes to named features only, with the reason: the same kind of contract as PUBLISHED, for a
 * piece only those consumers have a reason to use (MCP's tools wrap timezone's REST operations; nobody else calls a
 * controller). `to` lists the importing features.
 */
export const PUBLISHED_TO = {
  'backend/src/modules/auth/auth.repository': {
    to: ['self-service'],
    why: "an account's closure erases auth's tables (devices, recovery codes, tokens) through auth, in the closure's transaction",
  },
  'backend/src/modules/auth/sessions.repository': {
    to: ['self-service'],
    why: "an account's closure deletes its sessions through auth, in the closure's transaction",
  },
  'backend/src/modules/support/support.repository': {
    to: ['self-service'],
    why: "an account's closure erases its support messages through support, in the closure's transaction",
  },
  'backend/src/modules/support/support.module': { to: ['self-service'], why: "provides SupportRepository to the account's closure" },
  'backend/src/modules/keys/key-codec': { to: ['usage'], why: "the request log's detail shows the request's key masked as the Keys page does (maskKey)" },
  'backend/src/modules/timezone/time.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/timezone.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/conversion.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/calculation.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/batch/impact.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/batch/matrix.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/batch/batch.responses': { to: ['mcp'], why: "the answers' models: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/timezone/dto/timezone.responses': { to: ['mcp'], why: "the answers' models: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/timezone/cldr/answer-locale': {
    to: ['mcp'],
    why: 'the locale of `lang`: an MCP tool names zones in a language as its REST operation does',
  },
  'backend/src/modules/timezone/timezone.module': {
    to: ['mcp', 'site', 'business-time', 'astronomy', 'planning'],
    why: 'provides the time engine (business time reads offsets from it; astronomy writes its times with the same engine, IP locator and clock) and the controllers MCP wraps',
  },
  'backend/src/modules/timezone/engine/time-engine': {
    to: ['site', 'business-time', 'astronomy', 'planning'],
    why: "the site's zone list is the engine's own answer; business time and astronomy resolve zones and read their offsets through it (never the runtime's ICU)",
  },
  'backend/src/modules/timezone/engine/shared-engine': {
    to: ['business-time', 'astronomy', 'planning'],
    why: "business time's documentation examples are real answers of the process's engine, as timezone's are; astronomy's documented example too",
  },
  'backend/src/modules/timezone/engine/civil': {
    to: ['business-time', 'astronomy', 'planning'],
    why: 'civil dates and instants are written the one way every answer writes them (formatInstant, formatDate); astronomy writes each time as the time zone API does',
  },
  'backend/src/modules/timezone/engine/local-time': {
    to: ['business-time', 'astronomy', 'planning'],
    why: "a date-time and a wall-clock reading in a zone are read as conversions read them (gaps, repeats, dstAmbiguity); astronomy's days are the place's local days",
  },
  'backend/src/modules/timezone/timezone.errors': {
    to: ['business-time', 'astronomy', 'planning'],
    why: 'business time answers the same problems as the calculations for the same inputs (invalid_date, invalid_range, invalid_timespan); astronomy refuses invalid_range alike',
  },
  'backend/src/modules/timezone/cldr/cldr-data': { to: ['health'], why: 'the CLDR release of Windows IDs and zone names, which /api/health names' },
  'backend/src/modules/business-time/holidays.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/business-time/business-calculation.controller': {
    to: ['mcp'],
    why: "the REST operations MCP's tools wrap (same validation, answers and docs)",
  },
  'backend/src/modules/business-time/dto/business-time.responses': {
    to: ['mcp'],
    why: "the answers' models: an MCP tool's output schema is its REST answer's",
  },
  'backend/src/modules/business-time/business-time.module': { to: ['mcp', 'planning'], why: 'provides the business-time controllers MCP wraps' },
  'backend/src/modules/business-time/holidays-data-version': {
    to: ['health'],
    why: 'the holiday data (date-holidays) and its version, which /api/health names beside the tz release and CLDR',
  },
  'backend/src/modules/timezone/ip/ip-locator': {
    to: ['health', 'astronomy'],
    why: 'the IP location data and its build, which /api/health names; astronomy locates ?ip= as time by IP does',
  },
  'backend/src/modules/timezone/ip/ip-time.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/ip/ip.responses': { to: ['mcp'], why: "the answers' models: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/timezone/airports/airport.controller': { to: ['mcp'], why: "the REST operations MCP's tools wrap (same validation, answers and docs)" },
  'backend/src/modules/timezone/airports/airport.responses': { to: ['mcp'], why: "the answers' models: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/usage/usage.recorder': {
    to: ['mcp', 'metrics', 'self-service'],
    why: "the usage writer: MCP writes a row per tool call, metrics reads its queue counters, a closure flushes it before clearing the account's IPs",
  },
  'backend/src/modules/usage/usage.module': { to: ['mcp', 'metrics'], why: 'provides the usage writer' },
  'backend/src/modules/jobs/jobs-console': {
    to: ['metrics', 'admin'],
    why: "the job engine's jobs and counts by queue and state: /metrics shows queue depth, failures and the oldest waiting job; the console's Jobs page lists, retries and cancels",
  },
  'backend/src/modules/jobs/jobs.errors': { to: ['admin'], why: "the console's Jobs page answers with the jobs console's problems (not_found, conflict)" },
  'backend/src/modules/keys/key-directory': {
    to: ['mcp', 'metrics'],
    why: "the key cache: MCP's endpoint is handed a resolved key by the gateway's guard, metrics reads the cache's hit counters",
  },
  'backend/src/modules/keys/keys.module': { to: ['mcp', 'metrics'], why: 'provides the key cache' },
  'backend/src/modules/keys/account-keys': {
    to: ['self-service', 'organizations'],
    why: "an account's closure erases its keys, and a removed member's keys (or a closed organisation's) are turned off, through keys' published command in the caller's transaction, never by writing api_keys",
  },
  'backend/src/modules/keys/key-activity': {
    to: ['usage'],
    why: "the usage writer notes each batch's keys as last used through keys' published command, in the batch's transaction, never by writing api_keys",
  },
  'backend/src/modules/keys/keys.service': { to: ['admin'], why: "the console rotates a key through the keys' owner (rotateAny), never by writing api_keys" },
  'backend/src/modules/keys/api-key.entity': {
    to: ['usage', 'self-service'],
    why: "the key's row, read for its name in quota alerts and in the account's data export (written only by keys)",
  },
  'backend/src/modules/billing/invoice.entity': { to: ['self-service'], why: "read by the account's data export (written only by billing)" },
  'backend/src/modules/billing/subscription.entity': { to: ['self-service'], why: "read by the account's data export (written only by billing)" },
  'backend/src/modules/usage/usage.repository': { to: ['self-service'], why: "usage's read side: the data export reads the account's rows" },
  'backend/src/modules/usage/usage.service': { to: ['admin'], why: "the console's user page shows an account's days as its Usage page cuts them" },
  'backend/src/modules/usage/local-days': { to: ['admin'], why: "the console's overview cuts signup days in the viewer's zone as Usage cuts its days" },
  'backend/src/modules/keys/dto/api-key.responses': { to: ['self-service'], why: "the data export's document embeds each module's own answer model" },
  'backend/src/modules/billing/dto/billing.responses': {
    to: ['self-service', 'admin'],
    why: "the data export's document embeds each module's own answer model; the console's user page lists the account's invoices in billing's model",
  },
  'backend/src/modules/usage/dto/usage.responses': { to: ['self-service'], why: "the data export's document embeds each module's own answer model" },
  'backend/src/modules/support/support-message.entity': {
    to: ['admin'],
    why: "the console lists support messages and filters them by support's categories and statuses",
  },
  'backend/src/modules/auth/identity-check': {
    to: ['self-service', 'keys'],
    why: "auth's confirmation port: closing the account and revealing a key's secret re-check the password and the second factor (auth's secrets stay auth's)",
  },
  'backend/src/modules/billing/billing-commands': {
    to: ['admin'],
    why: "billing's published commands: the console's plan change goes through the provider for a subscriber, in the console's transaction; the console reads an account's invoices and the paid statuses (MRR)",
  },
  'backend/src/modules/change-notices/change-notices': {
    to: ['admin'],
    why: "an account's change notice history (history): the console's user page lists what the customer's Notices page lists",
  },
  'backend/src/modules/change-notices/dto/change-notices.responses': {
    to: ['admin'],
    why: "the console's user page answers an account's notices in change notices' own model",
  },
  'backend/src/modules/timezone/timezone.docs': {
    to: ['tzdb', 'business-time', 'astronomy', 'planning'],
    why: "the public releases list, business time's routes and the sun and moon route are sold routes documented like timezone's (ApiEndpoint: formats, examples, problems)",
  },

  'backend/src/modules/timezone/clock': {
    to: ['astronomy', 'planning'],
    why: "where now comes from: astronomy's default date is today at the place, by the same clock",
  },
  'backend/src/modules/timezone/coordinates': {
    to: ['astronomy'],
    why: 'strict parsing of latitude/longitude query strings: astronomy takes coordinates as the coordinate routes do',
  },
  'backend/src/modules/timezone/ip/ip-answer': {
    to: ['astronomy'],
    why: "an IP answer's zone as time by IP names it: astronomy's ?ip= answers in the same zone",
  },
  'backend/src/modules/timezone/ip/ip.errors': {
    to: ['astronomy'],
    why: "time by IP's problems (ip_not_located): astronomy's ?ip= refuses as time by IP does",
  },
  'backend/src/modules/timezone/ip/ip-address': {
    to: ['astronomy'],
    why: "the refusal of a non-public address (ip_not_public), documented with astronomy's route too",
  },
  'backend/src/modules/astronomy/astronomy.controller': {
    to: ['mcp'],
    why: "the REST operation MCP's get_sun_and_moon wraps (same validation, answers and docs)",
  },
  'backend/src/modules/astronomy/dto/astronomy.responses': { to: ['mcp'], why: "the answer's model: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/astronomy/astronomy.weight': { to: ['mcp'], why: 'the tool counts the days asked as the REST route does (one request per 7 days)' },
  'backend/src/modules/timezone/public-timezones.controller': {
    to: ['astronomy', 'planning'],
    why: "the live demo's zones and per-IP limit: the world clock's keyless sun times answer for the same zones, limited alike",
  },
  'backend/src/modules/timezone/recurrence/rule-set': {
    to: ['planning'],
    why: 'RFC 5545 rule sets read once: the recurrence route expands them, the impact check (timezone) compares their occurrences between releases',
  },
  'backend/src/modules/timezone/recurrence/expansion': {
    to: ['planning'],
    why: "a rule set's occurrences placed by a compiled zone (the gap rule): the recurrence route answers them from the engine's release",
  },
  'backend/src/modules/timezone/recurrence/recurrence.errors': {
    to: ['planning'],
    why: "the rule sets' problems and the occurrence cap, which the recurrence route documents",
  },
  'backend/src/modules/business-time/business-time.service': {
    to: ['planning'],
    why: "a participant's days off are their country's holidays and weekend, counted as the business-time routes count them",
  },
  'backend/src/modules/business-time/holiday-data': {
    to: ['planning'],
    why: "the meeting-slots documentation examples are real answers, built as business time's are",
  },
  'backend/src/modules/planning/meeting-slots.controller': {
    to: ['mcp'],
    why: "the REST operation MCP's find_meeting_slots wraps (same validation, answers and docs)",
  },
  'backend/src/modules/planning/recurrence.controller': {
    to: ['mcp'],
    why: "the REST operation MCP's expand_recurrence wraps (same validation, answers and docs)",
  },
  'backend/src/modules/planning/dto/planning.responses': { to: ['mcp'], why: "the answers' models: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/planning/planning.weight': { to: ['mcp'], why: 'the tools count occurrences and participant-slots as the REST routes do' },
  'backend/src/modules/planning/planning.module': { to: ['mcp'], why: 'provides the planning controllers MCP wraps' },
  'backend/src/modules/timezone/at-local-time/at-local-time.controller': { to: ['mcp'], why: "the REST operation MCP's zones_at_local_time wraps" },
  'backend/src/modules/timezone/at-local-time/at-local-time.dto': { to: ['mcp'], why: "the answer's model: an MCP tool's output schema is its REST answer's" },
  'backend/src/modules/tzdb/compile-release': {
    to: ['timezone'],
    why: "a release compiled from changed source text: the impact check's spec compares a stored recurring event between two releases",
  },
  'backend/src/modules/metrics/metrics.service': { to: ['mcp'], why: 'the MCP endpoint counts its rate-limit refusals like the gateway does' },
  'backend/src/modules/metrics/metrics.module': { to: ['mcp'], why: 'provides the metrics counters' },
};

/** Whether `target` (a module path) is published to the feature `importer`. */
export function isPublished(target, importer) {
  if (target in PUBLISHED) return true;
  const entry = PUBLISHED_TO[target];
  return Boolean(entry && entry.to.includes(importer));
}

/**
 * Which area of the code a file belongs to, for the import boundaries (issue 16):
 * - backend features (`backend/src/modules/<name>`) do not import each other, except the files a module PUBLISHES (to
 *   every feature, or PUBLISHED_TO named ones);
 * - the gateway (`backend/src/modules/gateway`) is a layer: any feature may import it, it imports only GATEWAY_READS;
 * - `backend/src/common` imports no feature (nor the gateway);
 * - frontend features (`frontend/src/features/<name>`) and sections of the public site (`frontend/src/site/<name>`:
 *   landing, marketing, pricing, legal, docs, status, resources, directory) do not import each other;
 * - `frontend/src/components` imports no feature nor site section.
 */
export function areaOf(path) {
  if (path.startsWith('backend/src/modules/gateway/')) return { kind: 'backend-gateway', name: 'gateway' };
  let m = /^backend\/src\/modules\/([^/]+)\//.exec(path);
  if (m) return { kind: 'backend-feature', name: m[1] };
  if (path.startsWith('backend/src/common/')) return { kind: 'backend-common', name: 'common' };
  m = /^frontend\/src\/features\/([^/]+)\//.exec(path);
  if (m) return { kind: 'frontend-feature', name: m[1] };
  m = /^frontend\/src\/site\/([^/]+)\//.exec(path);
  if (m) return { kind: 'frontend-feature', name: `site/${m[1]}` };
  if (path.startsWith('frontend/src/components/')) return { kind: 'frontend-components', name: 'components' };
  return null;
}

/** Whether an import from `from` to `to` crosses a boundary; null when it does not. */
export function crossing(from, to) {
  const source = areaOf(from);
  const target = areaOf(to);
  if (!source || !target) return null;
  if (
    source.kind === 'backend-feature' &&
    target.kind === 'backend-feature' &&
    source.name !== target.name &&
    !isPublished(moduleName(to.replace(/\/$/, '')), source.name)
  )
    return `feature "${source.name}" imports feature "${target.name}"`;
  if (source.kind === 'backend-common' && target.kind === 'backend-feature') return `common/ imports feature "${target.name}"`;
  if (source.kind === 'backend-common' && target.kind === 'backend-gateway') return 'common/ imports the gateway';
  if (
    source.kind === 'backend-gateway' &&
    target.kind === 'backend-feature' &&
    !(moduleName(to.replace(/\/$/, '')) in GATEWAY_READS || moduleName(to.replace(/\/$/, '')) in PUBLISHED)
  )
    return `the gateway imports feature "${target.name}" outside its allow-list (GATEWAY_READS in eslint/boundaries.js)`;
  if (source.kind === 'frontend-feature' && target.kind === 'frontend-feature' && source.name !== target.name)
    return `feature "${source.name}" imports feature "${target.name}"`;
  if (source.kind === 'frontend-components' && target.kind === 'frontend-feature') return `components/ imports feature "${target.name}"`;
  return null;
}

/** A relative specifier as a repository path without extension (./x.js, ./x.ts, ./x and ./x/index all name one module). */
export function resolveSpecifier(fromPath, specifier) {
  if (!specifier.startsWith('.')) return null;
  const joined = join(dirname(fromPath), specifier).split('\\').join('/');
  return joined.replace(/\.(js|jsx|ts|tsx|mjs)$/, '').replace(/\/index$/, '');
}

const moduleName = (path) => path.replace(/\.(js|jsx|ts|tsx|mjs)$/, '').replace(/\/index$/, '');

/** `tzapi/boundaries`: reports an import that crosses a boundary unless the pair is in `allow` ({ file: [imported module, ...] }). */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Features do not import each other; the gateway reads only its allow-list; common/ and components/ import no feature (issue 16).' },
    schema: [{ type: 'object', properties: { allow: { type: 'object' } }, additionalProperties: false }],
    messages: {
      crossing: '{{reason}} ({{target}}). Move the shared piece out of the feature, or (for a known exception only) add the pair to eslint/known-crossings.js.',
    },
  },
  create(context) {
    const file = relative(ROOT, context.filename).split('\\').join('/');
    if (!areaOf(file)) return {};
    const allowed = new Set((context.options[0]?.allow ?? {})[file] ?? []);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(file, specifier);
      if (!target) return;
      const reason = crossing(file, `${target}/`);
      if (!reason || allowed.has(moduleName(target))) return;
      context.report({ node, messageId: 'crossing', data: { reason, target: moduleName(target) } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries: boundariesRule } };
