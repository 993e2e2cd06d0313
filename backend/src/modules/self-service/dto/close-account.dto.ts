import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail, Trim } from '../../../common/http/transforms.js';

export class CloseAccountDto {
  @ApiProperty({ example: 'ada@example.com', description: "The account's e-mail address, typed again to confirm." })
  @NormalizeEmail()
  @IsString({ message: 'Type your e-mail address to confirm' })
  @MaxLength(320)
  email!: string;

  @ApiPropertyOptional({ description: 'The current password; required unless the account signs in only through the identity provider.' })
  @IsOptional()
  @IsString({ message: 'password must be a string' })
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ example: '123456', description: 'A current code or a recovery code, when two-factor sign-in is on.' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'totp must be a string' })
  @MaxLength(64)
  totp?: string;
}

export class QuotaAlertsDto {
  @ApiProperty({ example: false, description: 'Quota alert mails and the dashboard banner on the free plan.' })
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}

export class DisplayZoneDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Asia/Kolkata',
    description: "An IANA zone; null shows times in the browser's zone again.",
  })
  @IsOptional()
  @IsString({ message: 'displayZone must be an IANA zone name or null' })
  @MaxLength(64)
  displayZone!: string | null;
}
