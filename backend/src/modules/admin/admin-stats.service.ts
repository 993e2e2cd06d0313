import { Injectable } from '@nestjs/common';
import { AdminListsRepository } from './admin-lists.repository.js';

export interface AdminStats {
  totalUsers: number;
  totalRequests: number;
  totalApiKeys: number;
}

/** The console dashboard's totals. */
@Injectable()
export class AdminStatsService {
  constructor(private readonly lists: AdminListsRepository) {}

  /** Users and active keys follow the list rule (exact up to EXACT_COUNT_LIMIT, estimated beyond); requests sum the daily roll-ups. */
  async stats(): Promise<AdminStats> {
    const totals = await this.lists.totals();
    return { totalUsers: totals.users, totalApiKeys: totals.activeKeys, totalRequests: totals.requests };
  }
}
