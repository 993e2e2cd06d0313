import { Injectable } from '@nestjs/common';
import type { User } from '../accounts/user.entity.js';
import { UsersRepository } from '../accounts/users.repository.js';

/** The customer's own settings that are not profile data. */
@Injectable()
export class AccountPreferences {
  constructor(private readonly users: UsersRepository) {}

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
}
