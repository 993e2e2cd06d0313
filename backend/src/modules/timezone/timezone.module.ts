import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { CalculationController } from './calculation.controller.js';
import { Clock, SystemClock } from './clock.js';
import { ConversionController } from './conversion.controller.js';
import { sharedTimeEngine } from './engine/shared-engine.js';
import { TimeEngine } from './engine/time-engine.js';
import { PublicTimezonesController } from './public-timezones.controller.js';
import { TimeController } from './time.controller.js';
import { TimezoneController } from './timezone.controller.js';

@Module({
  controllers: [TimeController, TimezoneController, ConversionController, CalculationController, PublicTimezonesController],
  providers: [
    { provide: TimeEngine, useFactory: sharedTimeEngine },
    { provide: Clock, useClass: SystemClock },
  ],
  exports: [TimeEngine],
})
export class TimezoneModule implements OnApplicationBootstrap {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
  ) {}

  /** Scans this year of every zone and builds the city index before the first request. */
  onApplicationBootstrap(): void {
    this.engine.warmUp(this.clock.now());
  }
}
