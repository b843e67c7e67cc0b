import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { groupUser } from '../groups/groups.table.js';
import type { UserRow } from './users.repository.js';
import { users } from './users.table.js';

/** The admin's search filters. */
export interface AdminUserQuery {
  username?: string;
  nickname?: string;
  mobile?: string;
  status?: number;
  groupId?: number;
}

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

function where(q: AdminUserQuery): SQL | undefined {
  const c: SQL[] = [];
  if (q.username) c.push(ilike(users.username, like(q.username)));
  if (q.nickname) c.push(ilike(users.nickname, like(q.nickname)));
  if (q.mobile) c.push(ilike(users.mobile, like(q.mobile)));
  if (q.status !== undefined) c.push(eq(users.status, q.status));
  if (q.groupId !== undefined) c.push(eq(groupUser.groupId, q.groupId));
  return c.length ? and(...c) : undefined;
}

/** A page of users matching the filters, newest first, with their group id. */
export async function searchUsers(
  db: DbOrTx,
  q: AdminUserQuery,
  limit: number,
  offset: number,
): Promise<{ rows: Array<{ user: UserRow; groupId: number | null }>; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .select({ user: users, groupId: groupUser.groupId })
      .from(users)
      .leftJoin(groupUser, eq(groupUser.userId, users.id))
      .where(where(q))
      .orderBy(desc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(groupUser, eq(groupUser.userId, users.id))
      .where(where(q)),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
