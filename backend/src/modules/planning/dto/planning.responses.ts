import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const UTC = { description: 'Instant in UTC.', example: '2027-03-15T13:00:00Z' };
const LOCAL = { description: 'Local time with the offset in force then.', example: '2027-03-15T09:00:00-04:00' };

export class SlotSeatView {
  @ApiProperty({ example: 'Ana (New York)' })
  label!: string;
  @ApiProperty({ example: 'America/New_York' })
  timezone!: string;
  @ApiProperty(LOCAL)
  start!: string;
  @ApiProperty({ ...LOCAL, example: '2027-03-15T10:00:00-04:00' })
  end!: string;
  @ApiProperty({ description: 'UTC offset at the start.', example: '-04:00' })
  utcOffset!: string;
  @ApiProperty({ example: 'EDT' })
  abbreviation!: string;
  @ApiProperty({ description: 'The whole slot is inside their working hours.', example: true })
  inWorkingHours!: boolean;
  @ApiProperty({ description: 'Minutes of the slot outside their working hours (all of it on a day off).', example: 0 })
  minutesOutside!: number;
  @ApiProperty({ type: String, nullable: true, enum: ['holiday', 'not_a_working_day'], description: 'Why the day is off for them; null on a working day.' })
  dayOff!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The public holiday that day, when their country has one.', example: null })
  holiday!: string | null;
  @ApiProperty({ description: "Their local date at the start against the first participant's: -1, 0 or +1.", example: 0 })
  dayOffset!: number;
}

export class SlotView {
  @ApiProperty(UTC)
  start!: string;
  @ApiProperty({ ...UTC, example: '2027-03-15T14:00:00Z' })
  end!: string;
  @ApiProperty({
    description:
      "Everyone inside their hours: 0 to 100, 100 minus a point per 7.2 minutes of the largest distance of the slot's middle from the middle of someone's working day. " +
      'Otherwise negative: minus the minutes spent outside working hours, summed over the participants. Higher is better.',
    example: 87.5,
  })
  score!: number;
  @ApiProperty({ description: 'Everyone is inside their working hours.', example: true })
  everyoneInside!: boolean;
  @ApiProperty({ description: 'Minutes outside working hours, summed over the participants.', example: 0 })
  minutesOutside!: number;
  @ApiProperty({ description: "The largest distance in minutes of the slot's middle from the middle of someone's working day.", example: 90 })
  worstMiddayDistance!: number;
  @ApiProperty({ type: [SlotSeatView] })
  participants!: SlotSeatView[];
}

export class SharedHoursView {
  @ApiProperty(UTC)
  start!: string;
  @ApiProperty({ ...UTC, example: '2027-03-15T17:00:00Z' })
  end!: string;
  @ApiProperty({ example: 240 })
  minutes!: number;
}

export class DayOverlapView {
  @ApiProperty({ description: 'A local date of the first participant.', example: '2027-03-15' })
  date!: string;
  @ApiProperty({ type: [SharedHoursView], description: 'Stretches of that date in which everyone is inside their hours (on the step grid); empty when none.' })
  overlaps!: SharedHoursView[];
}

export class ParticipantView {
  @ApiProperty({ example: 'Ana (New York)' })
  label!: string;
  @ApiProperty({ description: 'The zone their times are in (from timezone, city or coordinates).', example: 'America/New_York' })
  timezone!: string;
  @ApiProperty({ description: 'Working hours per weekday (null: a day off).', example: { monday: '09:00-17:00', saturday: null } })
  workingHours!: Record<string, string | null>;
  @ApiProperty({ type: String, nullable: true, example: 'US' })
  country!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null })
  subdivision!: string | null;
}

export class MeetingSlotsView {
  @ApiProperty({ description: 'Some slot has everyone inside their hours; when false, `slots` are the best compromises.', example: true })
  fullOverlap!: boolean;
  @ApiProperty({ example: '2027-03-10' })
  from!: string;
  @ApiProperty({ example: '2027-03-17' })
  to!: string;
  @ApiProperty({ example: 60 })
  durationMinutes!: number;
  @ApiProperty({ example: 60 })
  stepMinutes!: number;
  @ApiProperty({ description: 'Candidate slots evaluated.', example: 192 })
  candidates!: number;
  @ApiProperty({ example: '2026a' })
  tzdbVersion!: string;
  @ApiProperty({ type: [ParticipantView], description: 'The participants as read: their zone and working hours.' })
  people!: ParticipantView[];
  @ApiProperty({ type: [SlotView], description: 'The best slots, best first.' })
  slots!: SlotView[];
  @ApiProperty({
    type: [DayOverlapView],
    description: 'Per date of the first participant, when everyone is inside their hours: where DST changes move the overlap, it shows here.',
  })
  days!: DayOverlapView[];
}

export class OccurrenceGapView {
  @ApiProperty({ example: '2027-03-14T02:00:00' })
  start!: string;
  @ApiProperty({ example: '2027-03-14T03:00:00' })
  end!: string;
  @ApiProperty({ example: '2027-03-14T03:00:00-04:00' })
  firstValid!: string;
}

export class OverlapPairView {
  @ApiProperty({ example: '2027-11-07T01:30:00-04:00' })
  earlier!: string;
  @ApiProperty({ example: '2027-11-07T01:30:00-05:00' })
  later!: string;
}

export class OccurrenceView {
  @ApiProperty({ description: 'The wall-clock time the rule set names (in a gap, a time that does not exist).', example: '2027-03-15T09:30:00' })
  scheduled!: string;
  @ApiProperty({ description: 'When it happens: local time with the offset in force.', example: '2027-03-15T09:30:00-04:00' })
  localDateTime!: string;
  @ApiProperty({ description: 'The same instant in UTC.', example: '2027-03-15T13:30:00Z' })
  utc!: string;
  @ApiProperty({ example: '-04:00' })
  utcOffset!: string;
  @ApiProperty({ example: 'EDT' })
  abbreviation!: string;
  @ApiProperty({ example: true })
  dst!: boolean;
  @ApiProperty({
    enum: ['exact', 'gap', 'overlap'],
    description:
      "`gap`: the time was skipped by a clock change and moved forward by the gap's length (RFC 5545); `overlap`: it happens twice, the first is taken.",
    example: 'exact',
  })
  resolution!: string;
  @ApiPropertyOptional({ type: OccurrenceGapView })
  gap?: OccurrenceGapView;
  @ApiPropertyOptional({ type: OverlapPairView })
  overlap?: OverlapPairView;
  @ApiProperty({ enum: ['rrule', 'rdate'], example: 'rrule' })
  source!: string;
}

export class RecurrenceView {
  @ApiProperty({ description: 'The zone of DTSTART, canonical (a Windows ID is answered as its IANA zone).', example: 'America/New_York' })
  timeZone!: string;
  @ApiProperty({ example: '2026a' })
  tzdbVersion!: string;
  @ApiProperty({ type: String, nullable: true, example: '2027-03-01T00:00:00-05:00' })
  from!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null })
  to!: string | null;
  @ApiProperty({ example: 4 })
  total!: number;
  @ApiProperty({ description: 'Occurrences resolved out of a gap or an overlap.', example: 0 })
  adjusted!: number;
  @ApiProperty({ type: [OccurrenceView] })
  occurrences!: OccurrenceView[];
}
