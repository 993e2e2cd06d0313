import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CoreModule } from './common/core.module.js';
import type { AppConfig } from './config/config.js';
import { ormOptions } from './database/mikro-orm.config.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { KeysModule } from './modules/keys/keys.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { SupportModule } from './modules/support/support.module.js';
import { TimezoneModule } from './modules/timezone/timezone.module.js';
import { UsageModule } from './modules/usage/usage.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config),
        MikroOrmModule.forRoot({ ...ormOptions(databaseUrl), registerRequestContext: false }),
        ScheduleModule.forRoot(),
        MailModule,
        HealthModule,
        SiteModule,
        AuthModule,
        KeysModule,
        UsageModule,
        TimezoneModule,
        BillingModule,
        SupportModule,
        AdminModule,
      ],
    };
  }
}
