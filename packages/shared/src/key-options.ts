/**
 * The choices of an API key that the server enforces and the key dialog offers (issue 51): its scopes and the overlap
 * of a rotation. One copy, read by both.
 */

/** The route groups a key may be limited to. A key with no scope calls everything. */
export const KEY_SCOPES = ['time', 'conversion', 'calculation', 'timezone', 'business-time', 'planning', 'astronomy', 'mcp'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** What each scope lets a key call, in the dialog's words. */
export const KEY_SCOPE_LABELS: Record<KeyScope, string> = {
  time: 'Current time',
  conversion: 'Conversion',
  calculation: 'Date calculation',
  timezone: 'Time zones and places',
  'business-time': 'Business time and holidays',
  planning: 'Planning (meeting slots, recurrence)',
  astronomy: 'Sun and moon',
  mcp: 'MCP server (AI assistants)',
};

export function isKeyScope(value: unknown): value is KeyScope {
  return typeof value === 'string' && (KEY_SCOPES as readonly string[]).includes(value);
}

/** How long the old secret keeps answering after a rotation. */
export const ROTATION_OVERLAPS = ['none', '1h', '24h', '7d'] as const;
export type RotationOverlap = (typeof ROTATION_OVERLAPS)[number];

export const ROTATION_OVERLAP_MS: Record<RotationOverlap, number> = { none: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };

export const ROTATION_OVERLAP_LABELS: Record<RotationOverlap, string> = {
  none: 'Stop the old key now',
  '1h': 'Keep the old key working for 1 hour',
  '24h': 'Keep the old key working for 24 hours',
  '7d': 'Keep the old key working for 7 days',
};

/** The window of a key's own rate limit: the one the account's plan limits by (free: per hour; paid: per second). */
export type KeyLimitWindow = 'hour' | 'second';
