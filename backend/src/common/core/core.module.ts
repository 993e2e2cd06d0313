import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config.js';
import { Lifecycle } from './lifecycle.js';
import { RateLimiter } from '../redis/rate-limiter.js';
import { RedisService } from '../redis/redis.service.js';

/** Config, Redis and the rate limiter: the plumbing every feature module may inject. */
@Global()
@Module({})
export class CoreModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, Lifecycle, RedisService, RateLimiter],
      exports: [APP_CONFIG, Lifecycle, RedisService, RateLimiter],
    };
  }
}
