import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { User } from '../accounts/user.entity.js';
import { Authenticated, CurrentAccount, Permits } from '../auth/authenticated.js';
import { ChangeNotices } from './change-notices.js';
import type { ChangeNoticeView, NoticeZone } from './change-notices.js';
import { PinPreviewQueryDto } from './dto/change-notices.dto.js';
import { ChangeNoticesResponse, PinPreviewResponse } from './dto/change-notices.responses.js';

@ApiTags('Change notices')
@Controller('change-notices')
@Authenticated()
export class ChangeNoticesController {
  constructor(private readonly notices: ChangeNotices) {}

  @Get()
  @Permits('notices.read')
  @ApiOperation({
    summary: 'Change notices to show',
    description: 'Releases that changed zones your requests used in the last 30 days, not dismissed yet (the dashboard banner).',
  })
  @ApiOkResponse({ type: ChangeNoticesResponse })
  async list(@CurrentAccount() user: User): Promise<{ notices: ChangeNoticeView[] }> {
    return { notices: await this.notices.open(user.id) };
  }

  @Get('history')
  @Permits('notices.read')
  @ApiOperation({
    summary: 'Every change notice',
    description: 'The releases that changed zones your requests used, newest first, dismissed ones too (the Notices page; at most 100).',
  })
  @ApiOkResponse({ type: ChangeNoticesResponse })
  async history(@CurrentAccount() user: User): Promise<{ notices: ChangeNoticeView[] }> {
    return { notices: await this.notices.history(user.id) };
  }

  @Get('pin-preview')
  @Permits('notices.read')
  @ApiOperation({
    summary: 'What moving a pin would change',
    description:
      'The zones your requests used in the last 30 days whose answers differ between two stored releases in the next 24 months: what moving a key pinned to `from` to `to` would change.',
  })
  @ApiOkResponse({ type: PinPreviewResponse })
  @ApiBadRequestResponse({ description: 'from or to is not a release version (problem+json, code `validation_failed`)' })
  @ApiNotFoundResponse({ description: 'A release this server has not stored (problem+json, code `unknown_release`)' })
  pinPreview(@CurrentAccount() user: User, @Query() query: PinPreviewQueryDto): Promise<{ from: string; to: string; zones: NoticeZone[] }> {
    return this.notices.pinPreview(user.id, query.from, query.to);
  }

  @Post(':id/dismiss')
  @Permits('notices.write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Dismiss a change notice banner' })
  @ApiNoContentResponse({ description: 'Dismissed' })
  @ApiNotFoundResponse({ description: 'No such notice of yours (problem+json, code `not_found`)' })
  async dismiss(@CurrentAccount() user: User, @Param('id') id: string): Promise<void> {
    if (!(await this.notices.dismiss(user.id, id))) throw new NotFoundException();
  }
}
