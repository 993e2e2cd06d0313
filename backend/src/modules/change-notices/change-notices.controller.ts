import { Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { User } from '../accounts/user.entity.js';
import { Authenticated, CurrentUser } from '../auth/authenticated.js';
import { ChangeNotices } from './change-notices.js';
import type { ChangeNoticeView } from './change-notices.js';
import { ChangeNoticesResponse } from './dto/change-notices.responses.js';

@ApiTags('Change notices')
@Controller('change-notices')
@Authenticated()
export class ChangeNoticesController {
  constructor(private readonly notices: ChangeNotices) {}

  @Get()
  @ApiOperation({
    summary: 'Change notices to show',
    description: 'Releases that changed zones your requests used in the last 30 days, not dismissed yet (the dashboard banner).',
  })
  @ApiOkResponse({ type: ChangeNoticesResponse })
  async list(@CurrentUser() user: User): Promise<{ notices: ChangeNoticeView[] }> {
    return { notices: await this.notices.open(user.id) };
  }

  @Post(':id/dismiss')
  @HttpCode(204)
  @ApiOperation({ summary: 'Dismiss a change notice banner' })
  @ApiNoContentResponse({ description: 'Dismissed' })
  @ApiNotFoundResponse({ description: 'No such notice of yours (problem+json, code `not_found`)' })
  async dismiss(@CurrentUser() user: User, @Param('id') id: string): Promise<void> {
    if (!(await this.notices.dismiss(user.id, id))) throw new NotFoundException();
  }
}
