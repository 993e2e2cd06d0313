import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ORG_ROLES } from '@tzapi/shared/org-roles';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { ORG_AUDIT_ACTIONS } from '../../audit/org-audit.repository.js';
import type { InvitationPreview, InvitationView } from '../invitations.service.js';
import type { MemberView, OrganisationView } from '../organizations.service.js';

export class OrganisationResponse implements OrganisationView {
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) id!: string;
  @ApiProperty({ example: 'Acme Travel', description: '"Personal" for your personal organisation' }) name!: string;
  @ApiProperty({ example: false }) personal!: boolean;
  @ApiProperty({ enum: ORG_ROLES, example: 'owner' }) role!: OrgRole;
  @ApiProperty({ enum: ['free', 'premium', 'enterprise'], example: 'premium' }) plan!: OrganisationView['plan'];
  @ApiProperty({ example: 4 }) members!: number;
}

export class OrganisationsResponse {
  @ApiProperty({ description: 'The organisation the account area acts on', example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) current!: string;
  @ApiProperty({ type: [OrganisationResponse] }) items!: OrganisationResponse[];
}

export class CurrentOrganisationResponse {
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) current!: string;
}

export class RenamedOrganisationResponse {
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) id!: string;
  @ApiProperty({ example: 'Acme Travel' }) name!: string;
}

export class MemberResponse implements MemberView {
  @ApiProperty({ example: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }) userId!: string;
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ example: 'Grace Hopper' }) name!: string;
  @ApiProperty({ enum: ORG_ROLES, example: 'developer' }) role!: OrgRole;
  @ApiProperty({ example: '2026-11-29T10:00:00.000Z' }) joinedAt!: string;
  @ApiProperty({ example: 2, description: 'Keys this member made in the organisation' }) keys!: number;
  @ApiProperty({ example: false, description: 'This member is you' }) you!: boolean;
}

export class MembersResponse {
  @ApiProperty({ type: [MemberResponse] }) items!: MemberResponse[];
}

export class RemovedMemberResponse {
  @ApiProperty({ example: 2, description: 'Keys the member made here, now turned off' }) revokedKeys!: number;
}

export class InvitationResponse implements InvitationView {
  @ApiProperty({ example: '3fa85f64-5717-4562-b3fc-2c963f66afa6' }) id!: string;
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ enum: ORG_ROLES, example: 'developer' }) role!: OrgRole;
  @ApiProperty({ example: 'ada@example.com', nullable: true, type: String }) invitedBy!: string | null;
  @ApiProperty({ example: '2026-11-29T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ example: '2026-12-06T10:00:00.000Z' }) expiresAt!: string;
}

export class InvitationsResponse {
  @ApiProperty({ type: [InvitationResponse] }) items!: InvitationResponse[];
}

export class InvitationPreviewResponse implements InvitationPreview {
  @ApiProperty({ example: 'Acme Travel' }) organization!: string;
  @ApiProperty({ enum: ORG_ROLES, example: 'developer' }) role!: OrgRole;
  @ApiProperty({ example: 'grace@example.com' }) email!: string;
  @ApiProperty({ example: 'ada@example.com', nullable: true, type: String }) invitedBy!: string | null;
  @ApiProperty({ example: '2026-12-06T10:00:00.000Z' }) expiresAt!: string;
}

export class JoinedOrganisation {
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) id!: string;
  @ApiProperty({ example: 'Acme Travel' }) name!: string;
  @ApiProperty({ enum: ORG_ROLES, example: 'developer' }) role!: OrgRole;
}

export class JoinedOrganisationResponse {
  @ApiProperty({ type: JoinedOrganisation, description: 'The organisation joined, now the current one' })
  organization!: JoinedOrganisation;
}

export class OrgAuditRowResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ORG_AUDIT_ACTIONS, example: 'key.rotate' }) action!: string;
  @ApiProperty({ nullable: true, type: String }) actorId!: string | null;
  @ApiProperty({ example: 'ada@example.com' }) actorEmail!: string;
  @ApiProperty({ enum: ['api_key', 'member', 'invitation', 'organisation', 'webhook'], example: 'api_key' }) targetType!: string;
  @ApiProperty() targetId!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'The changed fields before.', example: { role: 'viewer' } })
  before!: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'The changed fields after.', example: { role: 'developer' } })
  after!: Record<string, unknown> | null;
  @ApiProperty({ example: '2026-11-29T10:00:00.000Z' }) createdAt!: string;
}

export class OrgAuditPageResponse {
  @ApiProperty({ type: [OrgAuditRowResponse] }) items!: OrgAuditRowResponse[];
  @ApiProperty({ example: 42 }) total!: number;
}
