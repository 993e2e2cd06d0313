import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';

@Module({ imports: [DiscoveryModule], controllers: [SiteController], providers: [SiteService] })
export class SiteModule {}
