import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { SessionsService } from '../modules/auth/sessions.service.js';
import { SessionGuard } from './auth.decorator.js';
import { Lifecycle } from './lifecycle.js';
import { RateLimiter } from './rate-limiter.js';
import { RedisService } from './redis.service.js';

/** Config, Redis and sessions: what every feature module may inject. */
@Global()
@Module({})
export class CoreModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, Lifecycle, RedisService, RateLimiter, SessionsService, SessionGuard],
      exports: [APP_CONFIG, Lifecycle, RedisService, RateLimiter, SessionsService, SessionGuard],
    };
  }
}
