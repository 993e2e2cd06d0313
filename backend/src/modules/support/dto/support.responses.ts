import { ApiProperty } from '@nestjs/swagger';

export class SupportMessageReceiptView {
  @ApiProperty({ enum: [true], example: true }) ok!: true;
  @ApiProperty({ example: '5f0c2a8e-1b7d-4c3e-9a2f-6d8e0b1c2a3f' }) id!: string;
}
