import { Injectable } from '@nestjs/common';
import { AdminPages } from './admin-pages.js';

export interface AdminStats {
  totalUsers: number;
  totalRequests: number;
  totalApiKeys: number;
}

/** The console dashboard's totals. */
@Injectable()
export class AdminStatsService {
  constructor(private readonly pages: AdminPages) {}

  /** Users and active keys follow the list rule (exact up to EXACT_COUNT_LIMIT, estimated beyond); requests sum the daily roll-ups. */
  async stats(): Promise<AdminStats> {
    const [users, keys, [requests]] = await Promise.all([
      this.pages.boundedCount('users u', '', []),
      this.pages.boundedCount('api_keys k', 'where k.is_active', []),
      this.pages.sql<{ n: string }>(`select coalesce(sum("count"), 0) as n from usage_daily`),
    ]);
    return { totalUsers: users.total, totalApiKeys: keys.total, totalRequests: Number(requests.n) };
  }
}
