import { Module } from '@nestjs/common';
import { BusinessTimeModule } from '../business-time/business-time.module.js';
import { TimezoneModule } from '../timezone/timezone.module.js';
import { MeetingSlotsController } from './meeting-slots.controller.js';
import { MeetingSlotsService } from './meeting-slots.service.js';
import { PublicPlannerController } from './public-planner.controller.js';
import { RecurrenceController } from './recurrence.controller.js';

/** Planning across zones: meeting slots (with business time's holidays), recurring events, the site's planner. */
@Module({
  imports: [TimezoneModule, BusinessTimeModule],
  controllers: [MeetingSlotsController, RecurrenceController, PublicPlannerController],
  providers: [MeetingSlotsService],
  exports: [MeetingSlotsService],
})
export class PlanningModule {}
