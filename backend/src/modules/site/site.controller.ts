import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiAnonymous } from '../../common/openapi/swagger.js';
import { SiteService } from './site.service.js';
import type { SiteConfig } from './site.service.js';

/** What the browser app needs to render the site: the plans table, the billing mode, data counts. */
@ApiExcludeController()
@Controller('config')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get()
  // The site's own page data, not part of the sold API: the site's headers and rules apply.
  @ApiAnonymous()
  @Header('Cache-Control', 'public, max-age=60')
  config(): SiteConfig {
    return this.site.config();
  }
}
