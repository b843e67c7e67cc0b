import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { groupUser } from '../groups/groups.table.js';
import type { UserRow } from './users.repository.js';
import { users } from './users.table.js';

/** What to look for; every given term must match (keyword matches nickname or username). */
export interface UserSearchTerms {
  nickname?: string | undefined;
  username?: string | undefined;
  keyword?: string | undefined;
}

/** A matching user with their group id. */
export interface UserSearchRow {
  user: UserRow;
  groupId: number | null;
}

/** `%term%` for LIKE, lower-cased, with the LIKE wildcards and the escape character escaped. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// lower(column) LIKE lower(pattern) rather than ILIKE: it is the expression the pg_trgm GIN indexes are built on.
const nicknameLower = sql`lower(${users.nickname})`;
const usernameLower = sql`lower(${users.username})`;

function conditions(terms: UserSearchTerms): { where: SQL[]; exact: SQL[] } {
  const where: SQL[] = [];
  const exact: SQL[] = [];
  if (terms.nickname) {
    where.push(sql`${nicknameLower} LIKE ${containsPattern(terms.nickname)}`);
    exact.push(sql`${nicknameLower} = ${terms.nickname.toLowerCase()}`);
  }
  if (terms.username) {
    where.push(sql`${usernameLower} LIKE ${containsPattern(terms.username)}`);
    exact.push(sql`${usernameLower} = ${terms.username.toLowerCase()}`);
  }
  if (terms.keyword) {
    const pattern = containsPattern(terms.keyword);
    const lower = terms.keyword.toLowerCase();
    where.push(sql`(${nicknameLower} LIKE ${pattern} OR ${usernameLower} LIKE ${pattern})`);
    exact.push(sql`(${nicknameLower} = ${lower} OR ${usernameLower} = ${lower})`);
  }
  return { where, exact };
}

/** One page of normal-status users matching the terms: exact name matches first, then by fans and threads. */
export async function searchUsers(
  db: DbOrTx,
  terms: UserSearchTerms,
  page: number,
  perPage: number,
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const { where, exact } = conditions(terms);
  // Only normal accounts are listed: banned, pending and rejected users stay out of search.
  const filter = and(eq(users.status, 0), ...where);
  // No constant fallback: a bare number in ORDER BY would be read as a column position.
  const exactFirst = exact.length ? [sql`CASE WHEN ${sql.join(exact, sql` OR `)} THEN 0 ELSE 1 END`] : [];
  const [rows, count] = await Promise.all([
    db
      .select({ user: users, groupId: groupUser.groupId })
      .from(users)
      .leftJoin(groupUser, eq(groupUser.userId, users.id))
      .where(filter)
      .orderBy(...exactFirst, desc(users.fansCount), desc(users.threadCount), users.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(filter),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
