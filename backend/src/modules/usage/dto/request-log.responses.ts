import { ApiProperty } from '@nestjs/swagger';

export class RequestLogItemView {
  @ApiProperty({ description: 'Opaque id of this log entry (for GET /api/usage/requests/{id}).', example: 'WyIyMDI2LTExLTI2IDEwOjAwOjAwLjEyMysw' })
  id!: string;
  @ApiProperty({ example: '2026-11-26T10:00:00.123Z' }) timestamp!: string;
  @ApiProperty({ example: 'GET' }) method!: string;
  @ApiProperty({ description: 'Route pattern.', example: '/api/time/current' }) endpoint!: string;
  @ApiProperty({ example: 200 }) statusCode!: number;
  @ApiProperty({ description: 'Milliseconds.', example: 1.8 }) responseTime!: number;
  @ApiProperty({ example: '6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11' }) keyId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null once the key is deleted.', example: 'Production server' }) keyName!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The X-Request-Id; null for requests logged before it was kept.' }) requestId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The problem code of an error answer.', example: 'invalid_timezone' }) problemCode!: string | null;
}

export class RequestLogPageView {
  @ApiProperty({ type: [RequestLogItemView] }) items!: RequestLogItemView[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last page.' }) nextCursor!: string | null;
  @ApiProperty({ description: 'The oldest time the log reaches back to (the retention period).', example: '2025-11-26T00:00:00.000Z' })
  retentionStart!: string;
}

export class RequestKeyView {
  @ApiProperty({ example: '6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11' }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Production server' }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null once the key is deleted.', example: 'tzk_live_AbCd…9xQ2' }) masked!: string | null;
}

export class RequestDetailView extends RequestLogItemView {
  @ApiProperty({
    description: 'The route with the query string as logged (secrets replaced by [redacted]).',
    example: '/api/time/current?timezone=Asia%2FTokyo',
  })
  route!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Query parameters; secret-looking ones (key, token, …) read [redacted]. Request bodies are not logged.',
    example: { timezone: 'Asia/Tokyo' },
  })
  parameters!: Record<string, string>;
  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' }) ipAddress!: string | null;
  @ApiProperty({ type: RequestKeyView }) key!: RequestKeyView;
}

export class RequestStatsBucketView {
  @ApiProperty({ example: '2026-11-26T10:00:00.000Z' }) start!: string;
  @ApiProperty({ example: 120 }) total!: number;
  @ApiProperty({ example: 110 }) status2xx!: number;
  @ApiProperty({ example: 0 }) status3xx!: number;
  @ApiProperty({ example: 9 }) status4xx!: number;
  @ApiProperty({ example: 1 }) status5xx!: number;
  @ApiProperty({ type: Number, nullable: true, example: 2.1 }) p50!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 8.4 }) p95!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 15.2 }) p99!: number | null;
}

export class RequestStatsView {
  @ApiProperty({ example: '2026-11-26T00:00:00.000Z' }) from!: string;
  @ApiProperty({ example: '2026-11-27T00:00:00.000Z' }) to!: string;
  @ApiProperty({ enum: ['hour', 'day'], description: 'hour for ranges up to 48 hours, else day, on the clock of timeZone.' }) bucket!: 'hour' | 'day';
  @ApiProperty({ example: 'Europe/Paris', description: 'The zone whose hours and days the buckets are.' }) timeZone!: string;
  @ApiProperty({ example: 2400 }) total!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Latency percentiles over the range, ms.', example: 2.1 }) p50!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 8.4 }) p95!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 15.2 }) p99!: number | null;
  @ApiProperty({ type: [RequestStatsBucketView], description: 'Every bucket of the range, empty ones included.' }) buckets!: RequestStatsBucketView[];
}
