import { Body, Controller, Post, Req } from '@nestjs/common';
import { SupportMessageReceiptView } from './dto/support.responses.js';
import { ApiAnonymous } from '../../common/openapi/swagger.js';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthThrottled } from '../auth/throttled-route.guard.js';
import { SessionsService } from '../auth/sessions.service.js';
import { CreateSupportMessageDto } from './dto/create-support-message.dto.js';
import { SupportService } from './support.service.js';

@ApiTags('Support')
@Controller('support')
export class SupportController {
  constructor(
    private readonly support: SupportService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('messages')
  @AuthThrottled('support', { subject: 'email', body: CreateSupportMessageDto })
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Send a message to support',
    description: 'Anyone may write; a signed-in sender is linked to the account. Throttled per IP address and e-mail.',
  })
  @ApiCreatedResponse({ type: SupportMessageReceiptView })
  @ApiBadRequestResponse({ description: 'Missing or malformed fields (problem+json, code `validation_failed`)' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages (problem+json, code `too_many_attempts`, Retry-After header)' })
  async create(@Body() body: CreateSupportMessageDto, @Req() request: FastifyRequest): Promise<{ ok: true; id: string }> {
    const session = await this.sessions.resolve(request);
    const message = await this.support.create(body, session?.user.id ?? null);
    return { ok: true, id: message.id };
  }
}
