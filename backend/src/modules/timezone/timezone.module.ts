import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AnswerMemo } from './answer-memo.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import { CalculationController } from './calculation.controller.js';
import { Clock, SystemClock } from './clock.js';
import { ConversionController } from './conversion.controller.js';
import { TimeEngine } from './engine/time-engine.js';
import { PublicTimezonesController } from './public-timezones.controller.js';
import { TimeController } from './time.controller.js';
import { TimezoneController } from './timezone.controller.js';
import { IpLocator } from './ip/ip-locator.js';
import { IpTimeController, IpZoneController } from './ip/ip-time.controller.js';
import { WindowsZonesController } from './cldr/windows-zones.controller.js';
import { ImpactController } from './batch/impact.controller.js';
import { MatrixController } from './batch/matrix.controller.js';
import { AirportController } from './airports/airport.controller.js';
import { WorldTimeApiController } from './compat/worldtimeapi.controller.js';
import { StoredReleaseZones } from '../tzdb/stored-release-zones.js';
import { AtLocalTimeController } from './at-local-time/at-local-time.controller.js';

@Module({
  controllers: [
    TimeController,
    TimezoneController,
    ConversionController,
    CalculationController,
    PublicTimezonesController,
    IpTimeController,
    IpZoneController,
    WindowsZonesController,
    ImpactController,
    MatrixController,
    WorldTimeApiController,
    AirportController,
    AtLocalTimeController,
  ],
  providers: [
    // One engine per app, so an app can switch tz releases on its own (tests run several apps in one process).
    { provide: TimeEngine, useFactory: () => new TimeEngine() },
    { provide: Clock, useClass: SystemClock },
    IpLocator,
    StoredReleaseZones,
    AnswerMemo,
  ],
  exports: [TimeEngine, IpLocator, Clock],
})
export class TimezoneModule implements OnApplicationBootstrap {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    activeRelease: ActiveTzRelease,
  ) {
    // The engine answers from the active tz release (tzdb switches it: start-up choice, admin loads, other instances).
    activeRelease.onRelease((release, previous) => {
      engine.useRelease(release);
      // Outside tests (which build several apps per process), fill the new release's zone caches between requests.
      if (this.config.NODE_ENV !== 'test' && previous && previous !== release) void engine.warmUp(Date.now());
    });
  }

  /** Warms the zone caches in the background; test processes skip it (each builds several apps). */
  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV !== 'test') void this.engine.warmUp(this.clock.now());
  }
}
