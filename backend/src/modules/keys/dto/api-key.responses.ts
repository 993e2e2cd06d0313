import { ApiProperty } from '@nestjs/swagger';

export class ApiKeyView {
  @ApiProperty({ format: 'uuid', example: '6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11' }) id!: string;
  @ApiProperty({ example: 'Production server' }) name!: string;
  @ApiProperty({ example: 'tzk_live_AbCd' }) keyPrefix!: string;
  @ApiProperty({ example: 'tzk_live_AbCd…9xQ2' }) maskedKey!: string;
  @ApiProperty({ example: true }) isActive!: boolean;
  @ApiProperty({ example: '2026-11-22T09:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) lastUsedAt!: string | null;
  @ApiProperty({ type: [String], description: 'IPv4/IPv6 addresses or CIDR ranges; empty = any.', example: ['203.0.113.7', '10.0.0.0/8'] })
  ipRestrictions!: string[];
  @ApiProperty({ type: [String], description: 'Host names or wildcards matched against Origin/Referer; empty = any.', example: ['*.example.com'] })
  urlRestrictions!: string[];
  @ApiProperty({ type: String, nullable: true, description: 'The tz release the key is pinned to; null: the active release.', example: null }) tzdbVersion!:
    string | null;
}

export class IssuedApiKeyView extends ApiKeyView {
  @ApiProperty({ description: 'The full key, answered once.', example: 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWx1a9xQ2' }) key!: string;
}

export class RevealedKeyView {
  @ApiProperty({ example: 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWx1a9xQ2' }) key!: string;
}
