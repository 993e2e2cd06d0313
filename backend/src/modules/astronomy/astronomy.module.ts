import { Module } from '@nestjs/common';
import { TimezoneModule } from '../timezone/timezone.module.js';
import { AstronomyController } from './astronomy.controller.js';
import { AstronomyService } from './astronomy.service.js';
import { PublicSunController } from './public-sun.controller.js';

/** Sun and moon at a place (GET /api/astronomy): astronomy-engine's sky, written in the place's zone by the time engine. */
@Module({ imports: [TimezoneModule], controllers: [AstronomyController, PublicSunController], providers: [AstronomyService], exports: [AstronomyService] })
export class AstronomyModule {}
