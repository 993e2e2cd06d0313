import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { NumberInput } from '../../../common/http/number-input.js';
import { ORG_ROLES } from '@tzapi/shared/org-roles';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { NormalizeEmail, Trim } from '../../../common/http/transforms.js';
import { SingleLine } from '../../../common/text/control-characters.js';
import { ORG_AUDIT_ACTIONS } from '../../audit/org-audit.repository.js';

const ROLE_MESSAGE = `role must be one of: ${ORG_ROLES.join(', ')}`;

export class OrganisationNameDto {
  @ApiProperty({ example: 'Acme Travel', description: 'Shown to its members (1–100 characters, one line)' })
  @Trim()
  @IsString({ message: 'Name must be a string' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @SingleLine('Name')
  name!: string;
}

export class SwitchOrganisationDto {
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e', description: 'One of `GET /api/organizations`' })
  @IsUUID('all', { message: 'organizationId must be an organisation id' })
  organizationId!: string;
}

export class TransferOwnershipDto {
  @ApiProperty({ example: '7c9e6679-7425-40de-944b-e07fc1f90ae7', description: 'A member of the organisation' })
  @IsUUID('all', { message: 'userId must be a member id' })
  userId!: string;
}

export class MemberRoleDto {
  @ApiProperty({ enum: ORG_ROLES, example: 'developer' })
  @IsIn(ORG_ROLES, { message: ROLE_MESSAGE })
  role!: OrgRole;
}

export class InviteDto {
  @ApiProperty({ example: 'grace@example.com' })
  @NormalizeEmail()
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(320, { message: 'Email must be at most 320 characters' })
  @IsEmail({ require_tld: false }, { message: 'Please enter a valid email address' })
  email!: string;

  @ApiProperty({ enum: ORG_ROLES, example: 'developer' })
  @IsIn(ORG_ROLES, { message: ROLE_MESSAGE })
  role!: OrgRole;
}

/** A page of a list: 1-based page, at most 100 rows (the audit and the console's list). */
class PageQueryDto {
  @ApiPropertyOptional({ example: 1, minimum: 1 })
  @IsOptional()
  @NumberInput()
  @IsInt()
  @Min(1)
  @Max(10_000)
  page?: number;

  @ApiPropertyOptional({ example: 25, minimum: 1, maximum: 100 })
  @IsOptional()
  @NumberInput()
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize?: number;
}

export class OrgAuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ORG_AUDIT_ACTIONS, example: 'key.rotate' })
  @IsOptional()
  @IsIn(ORG_AUDIT_ACTIONS, { message: `action must be one of: ${ORG_AUDIT_ACTIONS.join(', ')}` })
  action?: string;

  @ApiPropertyOptional({ description: 'Only what this member did', example: '7c9e6679-7425-40de-944b-e07fc1f90ae7' })
  @IsOptional()
  @IsUUID('all', { message: 'actorId must be a member id' })
  actorId?: string;

  @ApiPropertyOptional({ example: '2026-11-01T00:00:00Z', description: 'From this instant (inclusive)' })
  @IsOptional()
  @IsString()
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-01T00:00:00Z', description: 'Until this instant (exclusive)' })
  @IsOptional()
  @IsString()
  to?: string;
}

export class AdminOrganisationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'acme', description: 'Part of the name or an owner’s e-mail' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}
