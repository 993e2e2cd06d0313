import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { ApiKey } from '../keys/api-key.entity.js';

/** The quota alerts' SQL (quota_alerts, and the names of the keys an alert lists), after immich's server/src/repositories. */
@Injectable()
export class QuotaAlertsRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new QuotaAlertsRepository(em) as this;
  }

  /**
   * Claims the alert of one level for the account, at most once per `windowMs` across every instance (one row per
   * account and level, updated only when the last one is older than the window). True when this caller sends it; in a
   * transaction, the claim commits with the mail it queues.
   */
  async claim(userId: string, level: number, windowMs: number): Promise<boolean> {
    const claimed = await this.em.execute<{ user_id: string }[]>(
      `insert into quota_alerts (user_id, level, sent_at) values (?, ?, now())
       on conflict (user_id, level) do update set sent_at = excluded.sent_at
       where quota_alerts.sent_at <= excluded.sent_at - make_interval(secs => ?::float8 / 1000)
       returning user_id`,
      [userId, level, windowMs],
    );
    return claimed.length > 0;
  }

  /** "name (prefix…)" of each key still there, by id. */
  async keyLabels(ids: string[]): Promise<Map<string, string>> {
    const keys = await this.em.find(ApiKey, { id: { $in: ids } });
    return new Map(keys.map((k) => [k.id, `${k.name} (${k.prefix}…)`]));
  }
}
