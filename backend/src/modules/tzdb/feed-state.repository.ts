import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What the feed's last check left (one row, id 1): the HTTP validators, the outcome, the newest version seen. */
export interface FeedStateRow {
  url: string;
  etag: string | null;
  last_modified: string | null;
  state: string;
  last_checked_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  newest_version: string | null;
  newest_seen_at: Date | null;
}

/** The tz release feed's state row in SQL (tzdb_feed_state), after immich's server/src/repositories: no rule of the feed's. */
@Injectable()
export class FeedStateRepository {
  constructor(private readonly em: EntityManager) {}

  async read(): Promise<FeedStateRow | null> {
    const [row] = await this.em.fork().execute<FeedStateRow[]>('select * from tzdb_feed_state where id = 1');
    return row ?? null;
  }

  /** Writes the row (the check just made stamps last_checked_at). */
  async write(row: Omit<FeedStateRow, 'last_checked_at'>): Promise<void> {
    await this.em.fork().execute(
      `insert into tzdb_feed_state (id, url, etag, last_modified, state, last_checked_at, last_success_at, last_error, newest_version, newest_seen_at)
       values (1, ?, ?, ?, ?, now(), ?, ?, ?, ?)
       on conflict (id) do update set url = excluded.url, etag = excluded.etag, last_modified = excluded.last_modified, state = excluded.state,
         last_checked_at = excluded.last_checked_at, last_success_at = excluded.last_success_at, last_error = excluded.last_error,
         newest_version = excluded.newest_version, newest_seen_at = excluded.newest_seen_at`,
      [row.url, row.etag, row.last_modified, row.state, row.last_success_at, row.last_error, row.newest_version, row.newest_seen_at],
    );
  }
}
