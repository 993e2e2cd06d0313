import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { soldRouteOfHandler } from '../gateway/sold-route.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { PLAN_IDS, PLANS } from '../../config/plans.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import type { SiteConfig } from '@tzapi/shared/site';

export type { SiteConfig } from '@tzapi/shared/site';

/** The public OpenAPI document the docs page reads (served at /openapi/openapi.json). */
const OPENAPI_FILE = fileURLToPath(new URL('../../../../openapi/openapi.json', import.meta.url));
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface OpenApiShape {
  tags?: { name: string }[];
  paths?: Record<string, Record<string, { tags?: string[] }>>;
}

/**
 * The endpoints the docs page lists: operations whose first tag is one of the document's tags (the public
 * API's categories), the rule of frontend/src/lib/api-reference/model.ts buildCategories.
 */
export function countDocumentedEndpoints(doc: OpenApiShape): number {
  const tags = new Set((doc.tags ?? []).map((t) => t.name));
  let count = 0;
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      if (HTTP_METHODS.includes(method) && tags.has(op?.tags?.[0] ?? 'Other')) count++;
    }
  }
  return count;
}

@Injectable()
export class SiteService {
  private zoneFigures: { day: number; zoneCount: number; countryCount: number } | null = null;

  private endpointCount: number | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly tzdb: ActiveTzRelease,
    private readonly engine: TimeEngine,
  ) {}

  /** Zones and countries counted from the zone directory's own list (GET /api/public/timezones), so every page agrees. */
  private zones(): { zoneCount: number; countryCount: number } {
    const day = Math.floor(Date.now() / 86_400_000);
    if (!this.zoneFigures || this.zoneFigures.day !== day) {
      const { timezones } = this.engine.list(Date.now());
      this.zoneFigures = { day, zoneCount: timezones.length, countryCount: new Set(timezones.map((z) => z.country).filter(Boolean)).size };
    }
    return this.zoneFigures;
  }

  config(): SiteConfig {
    return {
      appName: 'TimeZone API',
      appUrl: this.appConfig.appUrl,
      supportEmail: this.appConfig.SUPPORT_EMAIL,
      year: new Date().getUTCFullYear(),
      plans: PLAN_IDS.map((id) => PLANS[id]),
      billing: this.appConfig.stripeEnabled
        ? { mode: 'stripe', publishableKey: this.appConfig.STRIPE_PUBLISHABLE_KEY ?? null }
        : { mode: 'sandbox', publishableKey: null },
      oidc: { enabled: this.appConfig.oidcEnabled },
      tzdbVersion: this.tzdb.version,
      // Marketing numbers come from the release the API answers from, counted as the directory lists them.
      ...this.zones(),
      endpointCount: this.countPublicEndpoints(),
    };
  }

  /**
   * Counted in the public OpenAPI document, as the docs page counts them; without the file, from the route table:
   * the sold routes' own config (keyed and unmetered REST routes; MCP's transport is not a REST endpoint).
   */
  private countPublicEndpoints(): number {
    if (this.endpointCount !== null) return this.endpointCount;
    if (existsSync(OPENAPI_FILE)) {
      this.endpointCount = countDocumentedEndpoints(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiShape);
      return this.endpointCount;
    }
    let count = 0;
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = (proto as Record<string, unknown>)[name] as object;
        const sold = soldRouteOfHandler(handler);
        if (sold && sold.cors === 'api') count++;
      }
    }
    this.endpointCount = count;
    return count;
  }
}
