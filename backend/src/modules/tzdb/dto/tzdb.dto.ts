import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';

export class UploadReleaseDto {
  @ApiProperty({ description: 'Base64 of a tzdata*.tar.gz or a tzdata.zi (a data: URL prefix is accepted)', example: 'H4sIAAAAAAAAA+y9...' })
  @IsString({ message: 'release must be a base64 string' })
  @IsNotEmpty({ message: 'release must not be empty' })
  release!: string;

  @ApiPropertyOptional({ description: 'Load it even when it is older than the active release (a rollback)', default: false })
  @IsOptional()
  @IsBoolean({ message: 'force must be true or false' })
  force?: boolean;
}

export class ActivateReleaseDto {
  @ApiProperty({ description: 'A stored release, e.g. 2026b', example: '2026b' })
  @IsString({ message: 'version must be a string' })
  @Matches(/^\d{4}[a-z]+$/, { message: 'version must be an IANA release name such as 2026f' })
  version!: string;

  @ApiPropertyOptional({ description: 'Activate it even when it is older than the active release (a rollback)', default: false })
  @IsOptional()
  @IsBoolean({ message: 'force must be true or false' })
  force?: boolean;
}
