/**
 * The forum's queues, made with the schema by the migrations (under their lock), as tables are: a queue is a
 * partition of pg-boss's job table, and making one costs DDL that would otherwise run at every start (and in
 * every test database). A name missing here still works: it is created on its first use. Settings (retries,
 * policy, expiry) belong to the code that works the queue and are applied at start.
 */
export const FORUM_QUEUES = [
  'order_reconcile',
  'redpacket_expiry',
  'paid_group_expiry',
  'realtime_prune',
  'backup_check',
  'mail_send',
  'mail_notify_each',
  'mail_digest',
] as const;
