import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnonymous } from '../../common/openapi/swagger.js';
import { Authenticated, CurrentSession, CurrentUser } from '../auth/authenticated.js';
import type { Session } from '../auth/session.entity.js';
import { User } from '../accounts/user.entity.js';
import { InvitationPreviewResponse, JoinedOrganisationResponse } from './dto/organizations.responses.js';
import { InvitationsService } from './invitations.service.js';
import type { InvitationPreview } from './invitations.service.js';

/** The invitation link's page: what it invites to, and accepting it. */
@ApiTags('Organisations')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get(':token')
  @ApiAnonymous()
  @ApiOperation({
    summary: 'An invitation',
    description: 'Public (the token is the secret). 404 `invitation_not_found`; 410 `invitation_used`, `invitation_expired` or `invitation_revoked`.',
  })
  @ApiOkResponse({ type: InvitationPreviewResponse })
  preview(@Param('token') token: string): Promise<InvitationPreview> {
    return this.invitations.preview(token);
  }

  @Post(':token/accept')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Accept an invitation', description: 'You join in its role, once; the session switches to the organisation.' })
  @ApiOkResponse({ type: JoinedOrganisationResponse })
  accept(@Param('token') token: string, @CurrentUser() person: User, @CurrentSession() session: Session): Promise<JoinedOrganisationResponse> {
    return this.invitations.accept(token, person, session);
  }
}
