import { ApiProperty } from '@nestjs/swagger';
import { MeView } from '../../accounts/dto/user.responses.js';
import { InvoiceView, SubscriptionView } from '../../billing/dto/billing.responses.js';
import { ApiKeyView } from '../../keys/dto/api-key.responses.js';
import { UsageRangeView, UsageRecordView } from '../../usage/dto/usage.responses.js';

export class ExportJobView {
  @ApiProperty({ format: 'uuid', example: '3d5c1f0e-2b4a-4e6f-8a9b-0c1d2e3f4a5b' }) id!: string;
  @ApiProperty({ enum: ['running', 'ready', 'failed'], example: 'running' }) status!: 'running' | 'ready' | 'failed';
  @ApiProperty({ description: 'Percent done, 0 to 100.', example: 40 }) progress!: number;
  @ApiProperty({ example: '2026-11-24T09:30:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) finishedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Set once the file is ready.', example: null }) downloadUrl!: string | null;
}

export class DataExportFileView {
  @ApiProperty({ example: '2026-11-24T09:30:05.000Z' }) exportedAt!: string;
  @ApiProperty({ type: MeView }) profile!: MeView;
  @ApiProperty({ type: [ApiKeyView], description: 'Masked: never the full key.' }) apiKeys!: ApiKeyView[];
  @ApiProperty({ type: [SubscriptionView] }) subscriptions!: SubscriptionView[];
  @ApiProperty({ type: [InvoiceView] }) invoices!: InvoiceView[];
  @ApiProperty({ type: UsageRangeView, description: 'The 90 days the usage records cover.' }) usage!: UsageRangeView;
  @ApiProperty({ type: [UsageRecordView], description: 'Newest first.' }) usageRecords!: UsageRecordView[];
}
