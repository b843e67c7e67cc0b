import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/db.js';
import { users } from '../../schema.js';
import { reports } from './reports.table.js';

/** Stores a report. */
export async function insertReport(db: DbOrTx, row: typeof reports.$inferInsert): Promise<number> {
  const rows = await db.insert(reports).values(row).returning({ id: reports.id });
  return rows[0]!.id;
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

/**
 * A page of reports by status (and type), newest first, with both users' names and what was reported:
 * the thread's title, or the reply's content (cut later by the presenter).
 */
export async function listReports(
  db: DbOrTx,
  q: { status: number; type?: number; limit: number; offset: number },
) {
  const where = and(
    eq(reports.status, q.status),
    q.type !== undefined ? eq(reports.type, q.type) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({
        r: reports,
        reporterName: sql<string>`coalesce(nullif(${reporter.nickname}, ''), ${reporter.username}, '')`,
        reportedName: sql<string>`coalesce(nullif(${reported.nickname}, ''), ${reported.username}, '')`,
        title: sql<string>`coalesce((select title from threads where id = ${reports.threadId}), '')`,
        postContent: sql<string>`coalesce((select content from posts where id = ${reports.postId}), '')`,
      })
      .from(reports)
      .leftJoin(reporter, eq(reporter.id, reports.userId))
      .leftJoin(reported, eq(reported.id, reports.reportedUserId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Sets reports' status; returns the ids that exist. */
export async function setReportStatus(db: DbOrTx, ids: number[], status: number): Promise<number[]> {
  const rows = await db
    .update(reports)
    .set({ status, updatedAt: new Date() })
    .where(inArray(reports.id, ids))
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}

/** Deletes reports; returns the ids deleted. */
export async function deleteReports(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.delete(reports).where(inArray(reports.id, ids)).returning({ id: reports.id });
  return rows.map((r) => r.id);
}
