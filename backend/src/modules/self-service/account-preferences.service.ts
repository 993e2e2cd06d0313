import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from '../accounts/user.entity.js';

/** The customer's own settings that are not profile data. */
@Injectable()
export class AccountPreferences {
  constructor(private readonly em: EntityManager) {}

  async setQuotaAlerts(userId: string, enabled: boolean): Promise<User> {
    const em = this.em.fork();
    const user = await em.findOneOrFail(User, { id: userId });
    user.quotaAlerts = enabled;
    await em.flush();
    return user;
  }

  async setChangeNotices(userId: string, enabled: boolean): Promise<User> {
    const em = this.em.fork();
    const user = await em.findOneOrFail(User, { id: userId });
    user.changeNotices = enabled;
    await em.flush();
    return user;
  }
}
