import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_BUCKETS,
  NOTIFICATION_TYPES,
  type NotificationType,
  type UnreadCounts,
} from '@forum/contracts';
import type { DbOrTx } from '../../platform/db/db.js';

/**
 * A user's unread counts (spec §2 buckets, reference §1.8 totals) in one round trip: notifications through the
 * partial unread index, private messages from each dialog side's counter.
 */
export async function unreadCounts(db: DbOrTx, userId: number): Promise<UnreadCounts> {
  const res = (await db.execute(sql`
    select type, count(*)::int as n from notifications where user_id = ${userId} and read_at is null group by type
    union all
    select '#dialog', coalesce(sum(case when sender_user_id = ${userId} then sender_unread else recipient_unread end), 0)::int
      from dialogs where sender_user_id = ${userId} or recipient_user_id = ${userId}`)) as unknown as {
    rows: { type: string; n: number }[];
  };
  const byType = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, 0])) as Record<
    NotificationType,
    number
  >;
  let dialog = 0;
  for (const r of res.rows) {
    if (r.type === '#dialog') dialog = Number(r.n);
    else if (r.type in byType) byType[r.type as NotificationType] = Number(r.n);
  }
  const buckets = { threadUnread: 0, financialUnread: 0, accountUnread: 0 };
  let all = 0;
  for (const t of NOTIFICATION_TYPES) {
    all += byType[t];
    const b = NOTIFICATION_BUCKETS[t];
    if (b) buckets[b] += byType[t];
  }
  return {
    unreadNotifications: all,
    typeUnreadNotifications: byType,
    dialogNotifications: dialog,
    dialogMessageUnread: dialog,
    ...buckets,
    // reference §1.8: everything unread but withdrawal and questioned, plus private messages
    totalUnread: all - byType.withdrawal - byType.questioned + dialog,
  };
}
