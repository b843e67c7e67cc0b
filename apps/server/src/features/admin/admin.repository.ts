import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { posts, threads, users } from '../../schema.js';
import { adminActions } from './admin.table.js';

/** Users, published threads and visible replies. */
export async function siteCounts(db: DbOrTx): Promise<{ users: number; threads: number; posts: number }> {
  const [u, t, p] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .where(sql`${threads.deletedAt} is null and ${threads.isDraft} = false`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(sql`${posts.deletedAt} is null and ${posts.isFirst} = false`),
  ]);
  return { users: u[0]?.n ?? 0, threads: t[0]?.n ?? 0, posts: p[0]?.n ?? 0 };
}

/** The database server's version line. */
export async function serverVersion(db: DbOrTx): Promise<string> {
  const rows = await rowsOf<{ v: string }>(db, sql`select version() as v`);
  return String(rows[0]?.v ?? '').split(' on ')[0] ?? '';
}

/** Logs one administrator write. */
export async function insertAdminAction(db: DbOrTx, row: typeof adminActions.$inferInsert): Promise<void> {
  await db.insert(adminActions).values(row);
}

/** What narrows the action log: the acting administrator, the paths of one kind of action, one UTC day. */
export interface ActionFilter {
  userId?: number;
  paths?: string[];
  day?: string;
}

/** A page of the action log with the actors' usernames, newest first, narrowed by the filter. */
export async function listAdminActions(db: DbOrTx, filter: ActionFilter, limit: number, offset: number) {
  const where = and(
    filter.userId !== undefined ? eq(adminActions.userId, filter.userId) : undefined,
    filter.paths ? inArray(adminActions.path, filter.paths) : undefined,
    // The day as a range on created_at, so the created_at index serves it.
    filter.day
      ? and(
          gte(adminActions.createdAt, sql`${filter.day}::date at time zone 'utc'`),
          lt(adminActions.createdAt, sql`(${filter.day}::date + 1) at time zone 'utc'`),
        )
      : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({ a: adminActions, username: users.username })
      .from(adminActions)
      .leftJoin(users, eq(users.id, adminActions.userId))
      .where(where)
      .orderBy(desc(adminActions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminActions)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The administrators who appear in the log, by username. */
export async function actionAdmins(db: DbOrTx): Promise<Array<{ userId: number; username: string }>> {
  const rows = await db
    .selectDistinct({ userId: adminActions.userId, username: users.username })
    .from(adminActions)
    .leftJoin(users, eq(users.id, adminActions.userId));
  return rows
    .map((r) => ({ userId: r.userId, username: r.username ?? '' }))
    .sort((a, b) => a.username.localeCompare(b.username));
}

/** New users, published threads and replies per UTC day over the last `days` days, oldest first. */
export async function dailyCounts(db: DbOrTx, days: number) {
  const res = (await db.execute(sql`
    with d as (
      select generate_series((now() at time zone 'utc')::date - (${days}::int - 1), (now() at time zone 'utc')::date, '1 day')::date as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (select count(*)::int from ${users} u where (u.joined_at at time zone 'utc')::date = d.day) as users,
      (select count(*)::int from ${threads} t where (t.created_at at time zone 'utc')::date = d.day
         and t.is_draft = false and t.deleted_at is null) as threads,
      (select count(*)::int from ${posts} p where (p.created_at at time zone 'utc')::date = d.day
         and p.is_first = false and p.deleted_at is null) as posts
    from d order by d.day`)) as unknown as {
    rows: Array<{ day: string; users: number; threads: number; posts: number }>;
  };
  return {
    days: res.rows.map((r) => r.day),
    users: res.rows.map((r) => Number(r.users)),
    threads: res.rows.map((r) => Number(r.threads)),
    posts: res.rows.map((r) => Number(r.posts)),
  };
}
