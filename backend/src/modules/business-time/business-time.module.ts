import { Module } from '@nestjs/common';
import { TimezoneModule } from '../timezone/timezone.module.js';
import { BusinessCalculationController } from './business-calculation.controller.js';
import { BusinessTimeService } from './business-time.service.js';
import { HolidayData } from './holiday-data.js';
import { HolidaysController } from './holidays.controller.js';
import { HolidaysService } from './holidays.service.js';

/** Holidays (date-holidays), weekends (CLDR weekData), business days and working hours on the time engine's offsets. */
@Module({
  imports: [TimezoneModule],
  controllers: [HolidaysController, BusinessCalculationController],
  providers: [{ provide: HolidayData, useFactory: () => new HolidayData() }, BusinessTimeService, HolidaysService],
  exports: [BusinessTimeService, HolidaysService],
})
export class BusinessTimeModule {}
