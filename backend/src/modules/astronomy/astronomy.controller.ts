import { Controller, Get } from '@nestjs/common';
import { ApiExtension, ApiTags } from '@nestjs/swagger';
import { CheckedQuery } from '../gateway/checked-input.js';
import { PublicApi, Weighted } from '../gateway/sold-route.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { ASTRONOMY_BAD_REQUESTS, AstronomyPlaceResponses } from './astronomy.docs.js';
import { ASTRONOMY_EXAMPLE } from './astronomy.example.js';
import { AstronomyService } from './astronomy.service.js';
import { AstronomyQuery } from './dto/astronomy.query.js';
import { AstronomyView } from './dto/astronomy.responses.js';
import { astronomyWeight, DAYS_PER_REQUEST } from './astronomy.weight.js';

@ApiTags('Astronomy')
@Controller('astronomy')
export class AstronomyController {
  constructor(private readonly astronomy: AstronomyService) {}

  @Get()
  @PublicApi()
  @Weighted(astronomyWeight, { each: 'days', perRequest: DAYS_PER_REQUEST })
  @ApiEndpoint({
    summary: 'Sun and moon at a place',
    description:
      'For each local date at a place (by coordinates, city or IP address): sunrise, sunset, solar noon and day length; civil, nautical and astronomical twilight; golden and blue hour, morning and evening; every moonrise and moonset; the moon phase and illumination. ' +
      'Every time is an instant written with the UTC offset in force at the place at that instant (on a DST day sunrise and sunset can carry different offsets), and in UTC. The answer names the zone and the tz release. ' +
      'In polar day or night `sun_status` says `sun_always_up` or `sun_always_down` and sunrise and sunset are null, with the reason. ' +
      `One date (\`date\`, default today at the place) or a range \`from\`..\`to\` of up to 31 days, from 1900 to 2100. Counts against the quota as one request per ${DAYS_PER_REQUEST} days asked. ` +
      "Computed with astronomy-engine: sunrise and sunset are the sun's upper limb on the horizon with 34′ of refraction, twilights the sun's centre at −6°, −12° and −18°; accurate to about a minute.",
    response: AstronomyView,
    example: ASTRONOMY_EXAMPLE,
    csvRows: 'days',
    errors: ['invalid_coordinates', 'invalid_date', 'invalid_range', 'invalid_ip'],
    moreErrors: ASTRONOMY_BAD_REQUESTS,
  })
  @AstronomyPlaceResponses()
  // No parameter is required (the place is one of coordinates, city or ip): the docs' request example names these.
  @ApiExtension('x-example-parameters', ['latitude', 'longitude', 'date'])
  sunAndMoon(@CheckedQuery(AstronomyQuery) query: AstronomyQuery) {
    return this.astronomy.answer(query);
  }
}
