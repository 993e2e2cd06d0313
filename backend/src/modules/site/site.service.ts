import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import ct from 'countries-and-timezones';
import { PUBLIC_API_KEY } from '../../common/public-api.decorator.js';
import { TZDB_VERSION } from '../../common/tzdb.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { Plan, PLAN_IDS, PLANS } from '../../config/plans.js';

export interface SiteConfig {
  appName: string;
  year: number;
  plans: Plan[];
  billing: { mode: 'sandbox' | 'stripe'; publishableKey: string | null };
  oidc: { enabled: boolean };
  tzdbVersion: string;
  zoneCount: number;
  countryCount: number;
  endpointCount: number;
}

@Injectable()
export class SiteService {
  private endpointCount: number | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  config(): SiteConfig {
    return {
      appName: 'TimeZone API',
      year: new Date().getUTCFullYear(),
      plans: PLAN_IDS.map((id) => PLANS[id]),
      billing: this.appConfig.stripeEnabled
        ? { mode: 'stripe', publishableKey: this.appConfig.STRIPE_PUBLISHABLE_KEY ?? null }
        : { mode: 'sandbox', publishableKey: null },
      oidc: { enabled: this.appConfig.oidcEnabled },
      tzdbVersion: TZDB_VERSION,
      zoneCount: Intl.supportedValuesOf('timeZone').length,
      countryCount: Object.values(ct.getAllCountries()).filter((c) => c.timezones.length > 0).length,
      endpointCount: this.countPublicEndpoints(),
    };
  }

  /** Counted from the routes marked as the public API, so marketing copy can't drift from the code. */
  private countPublicEndpoints(): number {
    if (this.endpointCount !== null) return this.endpointCount;
    let count = 0;
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = (proto as Record<string, unknown>)[name] as () => unknown;
        if (this.reflector.get(PUBLIC_API_KEY, handler) === 'metered' || (name === 'check' && wrapper.name === 'HealthController')) count++;
      }
    }
    this.endpointCount = count;
    return count;
  }
}
