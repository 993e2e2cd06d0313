import { ApiProperty } from '@nestjs/swagger';
import { KEY_SCOPES } from '@tzapi/shared/key-options';
import type { KeyLimitWindow, KeyScope } from '@tzapi/shared/key-options';

class KeyCreatorView {
  @ApiProperty({ format: 'uuid', example: '0b7e2f4c-5a8e-4d2a-9c3b-7f1e6d5c4b3a' }) id!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
}

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
  @ApiProperty({ type: [String], enum: KEY_SCOPES, description: 'The route groups the key may call; empty: every group.', example: ['time', 'conversion'] })
  scopes!: KeyScope[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the key stops working; null: never.', example: null })
  expiresAt!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "The key's own rate limit (in rateLimitWindow); null: the plan's only.", example: 50 })
  rateLimit!: number | null;
  @ApiProperty({ type: String, enum: ['hour', 'second'], nullable: true, example: 'second' }) rateLimitWindow!: KeyLimitWindow | null;
  @ApiProperty({ type: KeyCreatorView, nullable: true, description: 'The user who created the key; null once that user is gone.' })
  createdBy!: KeyCreatorView | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Set on the old key of a rotation with overlap: the key that replaced it. It stops at expiresAt.',
    example: null,
  })
  replacedById!: string | null;
}

export class IssuedApiKeyView extends ApiKeyView {
  @ApiProperty({ description: 'The full key, answered once.', example: 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWx1a9xQ2' }) key!: string;
}

export class RevealedKeyView {
  @ApiProperty({ example: 'tzk_live_AbCdEfGhIjKlMnOpQrStUvWx1a9xQ2' }) key!: string;
}
