import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class DemoSunQuery {
  @ApiProperty({ description: "A city of the landing page's world clock (its zone must be one of the live demo's zones).", example: 'London' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  city!: string;
}
