import { Body, Controller, Delete, Get, Header, Headers, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { getSchemaPath } from '@nestjs/swagger';
import { Problems, problemType } from '../../common/problems/problem.js';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { ApiKeyView as ApiKeyResponse, IssuedApiKeyView, RevealedKeyView } from './dto/api-key.responses.js';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentAccount, CurrentUser, Permits } from '../auth/authenticated.js';
import { User } from '../accounts/user.entity.js';
import { toApiKeyView } from './api-key.entity.js';
import type { ApiKeyView } from './api-key.entity.js';
import { CreateApiKeyDto, RevealApiKeyDto, RotateApiKeyDto, UpdateApiKeyDto } from './dto/api-key.dto.js';
import { IdentityCheck } from '../auth/identity-check.js';
import { KeysService } from './keys.service.js';

/** What an Idempotency-Key may be: a UUID, or any 8 to 64 letters, digits, - or _. */
const IDEMPOTENCY_KEY = /^[\w-]{8,64}$/;

const VALIDATION_EXAMPLE = {
  description: 'Name missing, or a restriction line that is not an address/CIDR or domain (problem+json, code `validation_failed`)',
  content: {
    'application/problem+json': {
      schema: { $ref: getSchemaPath(ProblemDocumentSchema) },
      example: {
        type: problemType('validation_failed'),
        title: 'Validation failed',
        status: 400,
        code: 'validation_failed',
        detail: 'Line 3: "10.0.0.300" is not an IP address or CIDR range',
        errors: [{ field: 'ipRestrictions[2]', message: 'Line 3: "10.0.0.300" is not an IP address or CIDR range' }],
      },
    },
  },
};

@ApiTags('Keys')
@Controller('api-keys')
@Authenticated()
export class KeysController {
  constructor(
    private readonly keys: KeysService,
    private readonly identity: IdentityCheck,
  ) {}

  @Get()
  @Permits('keys.read')
  @ApiOperation({ summary: 'Your API keys', description: 'Newest first; keys are masked (use reveal for the full key).' })
  @ApiOkResponse({ type: [ApiKeyResponse] })
  async list(@CurrentAccount() account: User): Promise<ApiKeyView[]> {
    return (await this.keys.list(account.id)).map(toApiKeyView);
  }

  @Post()
  @Permits('keys.write')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Create an API key', description: 'Answers the full key once, in `key`.' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'One per form submission (8–64 letters, digits, - or _): the same key sent again answers the key the first request made (`Idempotent-Replayed: true`), never a second one.',
  })
  @ApiCreatedResponse({ type: IssuedApiKeyView })
  @ApiBadRequestResponse(VALIDATION_EXAMPLE)
  async create(
    @CurrentAccount() account: User,
    @CurrentUser() user: User,
    @Body() body: CreateApiKeyDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiKeyView & { key: string }> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw Problems.validation([{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 8 to 64 letters, digits, - or _' }]);
    }
    const { apiKey, key, replayed } = await this.keys.create(account.id, body, idempotencyKey, user);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return { ...toApiKeyView(apiKey), key };
  }

  @Put(':id')
  @Permits('keys.write')
  @ApiOperation({ summary: 'Edit an API key', description: 'Name, restrictions and the active switch; applies to the very next request.' })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiBadRequestResponse(VALIDATION_EXAMPLE)
  @ApiNotFoundResponse({ description: 'No such key of yours' })
  async update(@CurrentAccount() account: User, @CurrentUser() user: User, @Param('id') id: string, @Body() body: UpdateApiKeyDto): Promise<ApiKeyView> {
    return toApiKeyView(await this.keys.update(account.id, id, body, user));
  }

  @Put(':id/rotate')
  @Permits('keys.write')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Rotate an API key',
    description:
      'Issues a new key (answered once in `key`). With `overlap` none the old key stops at once on every instance (same id, new secret); with 1h, 24h or 7d the new key is a new id and the old one keeps answering until the overlap ends (its `expiresAt`, `replacedById` set), then 401 `key_expired`. Delete the old key to end the overlap early.',
  })
  @ApiBody({ type: RotateApiKeyDto, required: false, examples: { overlap: { summary: 'Keep the old key for 24 hours', value: { overlap: '24h' } } } })
  @ApiOkResponse({ type: IssuedApiKeyView })
  @ApiNotFoundResponse({ description: 'No such key of yours' })
  async rotate(
    @CurrentAccount() account: User,
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: RotateApiKeyDto,
  ): Promise<ApiKeyView & { key: string }> {
    const { apiKey, key } = await this.keys.rotate(account.id, id, body?.overlap ?? 'none', user);
    return { ...toApiKeyView(apiKey), key };
  }

  @Delete(':id')
  @Permits('keys.write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an API key', description: 'Permanent; the key stops at once. Its usage history stays.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'No such key of yours' })
  async remove(@CurrentAccount() account: User, @CurrentUser() user: User, @Param('id') id: string): Promise<void> {
    await this.keys.remove(account.id, id, user);
  }

  @Post(':id/reveal')
  @Permits('keys.write')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Reveal the full key',
    description:
      'For the Reveal and Copy actions of the key card and the playground. The signed-in user confirms it is them: the current password (unless ' +
      'the account signs in only through the identity provider) and, when two-factor sign-in is on, a code. Every reveal is logged.',
  })
  @ApiOkResponse({ type: RevealedKeyView })
  @ApiBadRequestResponse({
    description: 'Wrong or missing password (code `wrong_password`, field `password`), or a missing or wrong code (`totp_required`, `totp_invalid`)',
  })
  @ApiNotFoundResponse({ description: 'No such key of yours' })
  async reveal(
    @CurrentAccount() account: User,
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: RevealApiKeyDto,
    @Req() request: FastifyRequest,
  ): Promise<{ key: string }> {
    await this.identity.confirm(user, body);
    return { key: await this.keys.reveal(account.id, id, request.ip) };
  }
}
