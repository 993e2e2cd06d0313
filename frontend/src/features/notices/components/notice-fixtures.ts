import type { ChangeNotice, NoticeZone } from '../api';

/** Asia/Kolkata from +05:30 to +06:00 at its local midnight of Dec 15, 2026 (18:30 UTC the day before). */
export const kolkata: NoticeZone = {
  zone: 'Asia/Kolkata',
  changes: [
    {
      from: '2026-12-14T18:30:00.000Z',
      to: '2028-11-26T00:00:00.000Z',
      before: { utcOffset: '+05:30', abbreviation: 'IST', dst: false },
      after: { utcOffset: '+06:00', abbreviation: '+06', dst: false },
    },
  ],
};

export const kathmandu: NoticeZone = { ...kolkata, zone: 'Asia/Kathmandu' };

export function notice(patch: Partial<ChangeNotice> = {}): ChangeNotice {
  return {
    id: '6d0f1f7e-3b0e-4c55-9d1a-1b2c3d4e5f60',
    version: '2026h',
    zones: [kolkata],
    pinnedKeys: [],
    createdAt: '2026-11-26T09:00:00.000Z',
    dismissedAt: null,
    ...patch,
  };
}
