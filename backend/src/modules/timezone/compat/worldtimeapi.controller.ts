import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../../gateway/sold-route.js';
import { Clock } from '../clock.js';
import { TimeEngine } from '../engine/time-engine.js';
import { timezoneProblem } from '../timezone.errors.js';
import { ipZone } from '../ip/ip-answer.js';
import { IpLocator } from '../ip/ip-locator.js';
import { ClientIp, CompatEndpoint, PathParam } from './worldtimeapi.docs.js';
import { worldTimeAnswer, worldTimeText, zonesUnder, type WorldTimeAnswer } from './worldtime-answer.js';

/** The tag of WorldTimeAPI's routes in the OpenAPI document. */
export const WORLDTIMEAPI_TAG = 'WorldTimeAPI';

/**
 * WorldTimeAPI's published routes (its OpenAPI document, version 20210108) under /api/compat/worldtimeapi/, so its
 * clients move with a new base URL and a key header: the same fields, `.txt` twins and `{"error": ...}` answers.
 */
@ApiTags(WORLDTIMEAPI_TAG)
@Controller('compat/worldtimeapi')
export class WorldTimeApiController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
    private readonly locator: IpLocator,
  ) {}

  private list(area?: string): string[] {
    const zones = zonesUnder(this.engine, area);
    if (zones.length === 0) throw timezoneProblem('invalid_timezone', `No zone is under "${area}".`, 'area');
    return zones;
  }

  private time(name: string, clientIp: string): WorldTimeAnswer {
    const zone = this.engine.zone(name).canonical;
    return worldTimeAnswer(this.engine, zone, this.clock.now(), clientIp);
  }

  private ipTime(ip: string | undefined, clientIp: string): WorldTimeAnswer {
    const { address, location } = this.locator.locate(ip, clientIp);
    return worldTimeAnswer(this.engine, ipZone(this.engine, address, location), this.clock.now(), clientIp);
  }

  @Get('timezone')
  @PublicApi()
  @CompatEndpoint('A listing of all timezones.', 'list')
  zones() {
    return this.list();
  }

  @Get('timezone.txt')
  @PublicApi()
  @CompatEndpoint('A listing of all timezones.', 'list.txt')
  zonesText() {
    return this.list().join('\n') + '\n';
  }

  @Get('timezone/:area')
  @PublicApi()
  @CompatEndpoint('A listing of all timezones available for that area.', 'list', { area: 'Europe' })
  area(@PathParam('area') area: string) {
    return this.list(area);
  }

  @Get('timezone/:area.txt')
  @PublicApi()
  @CompatEndpoint('A listing of all timezones available for that area.', 'list.txt', { area: 'Europe' })
  areaText(@PathParam('area') area: string) {
    return this.list(area).join('\n') + '\n';
  }

  @Get('timezone/:area/:location')
  @PublicApi()
  @CompatEndpoint('Request the current time for a timezone.', 'time', { area: 'Europe', location: 'Oslo' })
  location(@PathParam('area') area: string, @PathParam('location') location: string, @ClientIp() clientIp: string) {
    return this.time(`${area}/${location}`, clientIp);
  }

  @Get('timezone/:area/:location.txt')
  @PublicApi()
  @CompatEndpoint('Request the current time for a timezone.', 'time.txt', { area: 'Europe', location: 'Oslo' })
  locationText(@PathParam('area') area: string, @PathParam('location') location: string, @ClientIp() clientIp: string) {
    return worldTimeText(this.time(`${area}/${location}`, clientIp));
  }

  @Get('timezone/:area/:location/:region')
  @PublicApi()
  @CompatEndpoint('Request the current time for a timezone.', 'time', { area: 'America', location: 'Argentina', region: 'Salta' })
  region(@PathParam('area') area: string, @PathParam('location') location: string, @PathParam('region') region: string, @ClientIp() clientIp: string) {
    return this.time(`${area}/${location}/${region}`, clientIp);
  }

  @Get('timezone/:area/:location/:region.txt')
  @PublicApi()
  @CompatEndpoint('Request the current time for a timezone.', 'time.txt', { area: 'America', location: 'Argentina', region: 'Salta' })
  regionText(@PathParam('area') area: string, @PathParam('location') location: string, @PathParam('region') region: string, @ClientIp() clientIp: string) {
    return worldTimeText(this.time(`${area}/${location}/${region}`, clientIp));
  }

  @Get('ip')
  @PublicApi()
  @CompatEndpoint('Request the current time based on the ip of the request.', 'time')
  ip(@ClientIp() clientIp: string) {
    return this.ipTime(undefined, clientIp);
  }

  @Get('ip.txt')
  @PublicApi()
  @CompatEndpoint('Request the current time based on the ip of the request.', 'time.txt')
  ipText(@ClientIp() clientIp: string) {
    return worldTimeText(this.ipTime(undefined, clientIp));
  }

  @Get('ip/:ipv4')
  @PublicApi()
  @CompatEndpoint('Request the current time based on a specific ip address.', 'time', { ipv4: '81.2.69.142' })
  address(@PathParam('ipv4') ipv4: string, @ClientIp() clientIp: string) {
    return this.ipTime(ipv4, clientIp);
  }

  @Get('ip/:ipv4.txt')
  @PublicApi()
  @CompatEndpoint('Request the current time based on a specific ip address.', 'time.txt', { ipv4: '81.2.69.142' })
  addressText(@PathParam('ipv4') ipv4: string, @ClientIp() clientIp: string) {
    return worldTimeText(this.ipTime(ipv4, clientIp));
  }
}
