import { ApiProperty } from '@nestjs/swagger';
import { JOB_STATES } from '../../jobs/jobs-console.js';
import type { JobState } from '../../jobs/jobs-console.js';

export class JobQueueCountsView {
  @ApiProperty({ example: 'mail', description: "The queue's name" }) id!: string;
  @ApiProperty({ example: 'mail' }) queue!: string;
  @ApiProperty({ example: 0, description: 'Waiting for their first attempt' }) created!: number;
  @ApiProperty({ example: 2, description: 'Waiting for a retry after a failed attempt' }) retry!: number;
  @ApiProperty({ example: 1 }) active!: number;
  @ApiProperty({ example: 311 }) completed!: number;
  @ApiProperty({ example: 0 }) cancelled!: number;
  @ApiProperty({ example: 1, description: 'Out of attempts; kept for a retry or a discard' }) failed!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 42,
    description: 'Seconds the oldest unfinished job has waited: a retry since it was queued, a new job since it was due',
  })
  oldestWaitingSeconds!: number | null;
  @ApiProperty({ example: false, description: "The engine's own housekeeping (a scheduled queue), hidden by default" }) internal!: boolean;
}

export class JobView {
  @ApiProperty({ example: '6f1c2a4e-8d0b-4a3c-9e57-0b8f3f1d2c11' }) id!: string;
  @ApiProperty({ example: 'mail' }) queue!: string;
  @ApiProperty({ enum: JOB_STATES, example: 'failed' }) state!: JobState;
  @ApiProperty({ example: 30 }) attempts!: number;
  @ApiProperty({ example: 31, description: 'Attempts it may make in all; a webhook retried for 72 hours has many' }) maxAttempts!: number;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-24T09:05:00.000Z', description: 'When it is tried next, while it waits' })
  nextAttemptAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'connect ECONNREFUSED 127.0.0.1:25' }) lastError!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { to: 'ada@example.com', subject: 'Verify your e-mail address for TimeZone API' },
    description: 'What the queue lets the console show: a mail its to and subject (never its body); a webhook delivery its event, to (host) and customer',
  })
  summary!: Record<string, string>;
  @ApiProperty({ example: '2026-11-24T08:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ example: '2026-11-24T09:00:00.000Z' }) startAfter!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-24T09:00:01.000Z' }) startedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) completedAt!: string | null;
}
