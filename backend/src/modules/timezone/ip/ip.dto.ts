import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class IpQuery {
  @ApiPropertyOptional({
    description: "IPv4 or IPv6 address to locate; default the caller's own address (behind a proxy, X-Forwarded-For when the server runs with TRUST_PROXY).",
    example: '81.2.69.142',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ip?: string;
}
