import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';
import { TimezoneModule } from '../timezone/timezone.module.js';

@Module({ imports: [DiscoveryModule, TimezoneModule], controllers: [SiteController], providers: [SiteService] })
export class SiteModule {}
