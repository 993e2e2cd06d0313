import { MetricsModule } from './modules/metrics/metrics.module.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule } from './common/core/core.module.js';
import type { AppConfig } from './config/config.js';
import { ormOptions } from './database/mikro-orm.config.js';
import { AccountStateModule } from './modules/accounts/account-state.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AccountGuardsModule } from './modules/auth/account-guards.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { SessionsModule } from './modules/auth/sessions.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { ChangeNoticesModule } from './modules/change-notices/change-notices.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { GatewayModule } from './modules/gateway/gateway.module.js';
import { KeysModule } from './modules/keys/keys.module.js';
import { OrganizationsModule } from './modules/organizations/organizations.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { McpModule } from './modules/mcp/mcp.module.js';
import { SelfServiceModule } from './modules/self-service/self-service.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { SupportModule } from './modules/support/support.module.js';
import { TimezoneModule } from './modules/timezone/timezone.module.js';
import { BusinessTimeModule } from './modules/business-time/business-time.module.js';
import { AstronomyModule } from './modules/astronomy/astronomy.module.js';
import { PlanningModule } from './modules/planning/planning.module.js';
import { ActiveReleaseModule } from './modules/tzdb/active-release.js';
import { ReleaseCacheModule } from './modules/tzdb/release-cache.js';
import { TzdbModule } from './modules/tzdb/tzdb.module.js';
import { UsageModule } from './modules/usage/usage.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config),
        // Nothing waits on the database for long: a connection (or a free pool slot) within 3 s, a statement within 5 s.
        MikroOrmModule.forRoot({
          ...ormOptions(databaseUrl, { driverOptions: { connectionTimeoutMillis: 3000, query_timeout: 5000, statement_timeout: 5000 } }),
          registerRequestContext: false,
        }),
        JobsModule.register(databaseUrl),
        MailModule,
        AccountStateModule,
        AuditModule,
        SessionsModule,
        ActiveReleaseModule,
        ReleaseCacheModule,
        HealthModule,
        SiteModule,
        AccountGuardsModule,
        AuthModule,
        KeysModule,
        GatewayModule,
        UsageModule,
        TimezoneModule,
        BusinessTimeModule,
        AstronomyModule,
        PlanningModule,
        TzdbModule,
        McpModule,
        BillingModule,
        SupportModule,
        AdminModule,
        SelfServiceModule,
        MetricsModule,
        WebhooksModule,
        ChangeNoticesModule,
        OrganizationsModule,
      ],
    };
  }
}
