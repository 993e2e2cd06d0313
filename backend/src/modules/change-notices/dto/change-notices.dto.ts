import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

const RELEASE = /^\d{4}[a-z]{1,3}$/;

/** A pin's move to preview: from the release a key is pinned to, to another stored one (usually the active one). */
export class PinPreviewQueryDto {
  @ApiProperty({ description: 'The release the key is pinned to.', example: '2026a' })
  @IsString()
  @Matches(RELEASE, { message: 'from must be a tz release version such as 2026a' })
  from!: string;

  @ApiProperty({ description: 'The release the pin would move to.', example: '2026b' })
  @IsString()
  @Matches(RELEASE, { message: 'to must be a tz release version such as 2026a' })
  to!: string;
}
