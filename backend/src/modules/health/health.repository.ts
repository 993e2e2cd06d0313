import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The health checks' SQL (health_checks, one row a minute, and the database ping), after immich's server/src/repositories. */
@Injectable()
export class HealthRepository {
  constructor(private readonly em: EntityManager) {}

  /** Records a minute's status; a minute once down stays down. */
  async recordMinute(minute: Date, status: string, checkedAt: Date): Promise<void> {
    await this.em.getConnection().execute(
      `insert into "health_checks" ("minute", "status", "checked_at") values (?, ?, ?)
       on conflict ("minute") do update set "status" = case when "health_checks"."status" = 'down' then 'down' else excluded."status" end,
         "checked_at" = excluded."checked_at"`,
      [minute, status, checkedAt],
    );
  }

  /** The first recorded minute up to `until`, and how many minutes up to then were not down. */
  async uptimeSince(until: Date): Promise<{ since: Date | string | null; up: string } | undefined> {
    const [row] = await this.em
      .getConnection()
      .execute<{ since: Date | string | null; up: string }[]>(
        `select min("minute") as "since", count(*) filter (where "status" <> 'down') as "up" from "health_checks" where "minute" <= ?`,
        [until],
      );
    return row;
  }

  /** A round trip to the database. */
  async ping(): Promise<void> {
    await this.em.getConnection().execute('select 1');
  }
}
