import { Injectable } from '@nestjs/common';
import type { User } from '../accounts/user.entity.js';
import { UsersRepository } from '../accounts/users.repository.js';
import { ActiveTzRelease } from '../tzdb/active-release.js';
import { SelfServiceErrors } from './self-service.errors.js';

/** The customer's own settings that are not profile data. */
@Injectable()
export class AccountPreferences {
  constructor(
    private readonly users: UsersRepository,
    private readonly release: ActiveTzRelease,
  ) {}

  async setQuotaAlerts(userId: string, enabled: boolean): Promise<User> {
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    user.quotaAlerts = enabled;
    await users.flush();
    return user;
  }

  async setChangeNotices(userId: string, enabled: boolean): Promise<User> {
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    user.changeNotices = enabled;
    await users.flush();
    return user;
  }

  /** The zone the account area shows times in (a link is stored as its zone); null goes back to the browser's. */
  async setDisplayZone(userId: string, zone: string | null): Promise<User> {
    const canonical = zone === null ? null : this.release.zone(zone)?.name;
    if (canonical === undefined) throw SelfServiceErrors.invalidTimeZone(zone!);
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    user.displayZone = canonical;
    await users.flush();
    return user;
  }
}
