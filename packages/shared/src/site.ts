import type { Plan } from './plans.ts';

/** GET /api/config: the site's public configuration, the one plans table and a few live figures (server and browser). */
export interface SiteConfig {
  appName: string;
  /** APP_URL: the public address the server answers on, for code samples the visitor can paste. */
  appUrl: string;
  /** SUPPORT_EMAIL: the contact address the site shows (support page, status subscriptions). */
  supportEmail: string;
  year: number;
  plans: Plan[];
  billing: { mode: 'sandbox' | 'stripe'; publishableKey: string | null };
  oidc: { enabled: boolean };
  tzdbVersion: string;
  zoneCount: number;
  countryCount: number;
  endpointCount: number;
}

/** The zones of the landing page's live demo: the only ones the keyless demo route answers for, and the page offers. */
export const DEMO_ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Africa/Cairo',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

export type DemoZone = (typeof DEMO_ZONES)[number];

/**
 * The landing page's world clock cards, each with today's sun times from the keyless route: one page view asks for
 * each of them, so that route allows this many times the live demo's requests per address.
 */
export const WORLD_CLOCK_CITIES = [
  { city: 'Los Angeles', zone: 'America/Los_Angeles' },
  { city: 'New York', zone: 'America/New_York' },
  { city: 'London', zone: 'Europe/London' },
  { city: 'Tokyo', zone: 'Asia/Tokyo' },
  { city: 'Dubai', zone: 'Asia/Dubai' },
  { city: 'Sydney', zone: 'Australia/Sydney' },
] as const satisfies readonly { city: string; zone: DemoZone }[];
