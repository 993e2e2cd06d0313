/**
 * PostgreSQL advisory lock ids that more than one module takes: one number, one meaning. A lock held with
 * pg_advisory_xact_lock lasts until its transaction ends.
 */

/**
 * The usage log's rewrites: a write that skips events already written (a replayed write-ahead segment, a retry: two
 * replays of one row, on two instances, never both insert it), a step of moving usage_records rows into batches, a step
 * of compaction, and an account closure's erasure of IP addresses. Each of the first three deletes or writes batches
 * another may be reading; the erasure, taking it, starts its statement after any of them committed, so it sees the
 * batches they made (a merged batch written after the erasure's snapshot would keep the IP addresses of a closed account).
 */
export const USAGE_REWRITE_LOCK = 727_311;
