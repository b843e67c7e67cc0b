import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { rowsOf } from '../../platform/db/db.js';
import { users } from '../users/users.table.js';
import { emailTokens } from './mail.table.js';

/** A stored link token. */
export type TokenRow = typeof emailTokens.$inferSelect;
/** What a link is for. */
export type TokenPurpose = 'verify' | 'reset';

/** A member's email columns. */
export interface EmailAccount {
  id: number;
  nickname: string;
  username: string;
  email: string;
  emailVerifiedAt: Date | null;
  /** The server's permanent refusal of the address ('' none). */
  emailBounce: string;
  emailNotify: string;
  lang: string;
  status: number;
}

const accountColumns = {
  id: users.id,
  nickname: users.nickname,
  username: users.username,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  emailBounce: users.emailBounce,
  emailNotify: users.emailNotify,
  lang: users.lang,
  status: users.status,
};

export async function accountById(db: DbOrTx, id: number): Promise<EmailAccount | null> {
  const rows = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The account whose verified address this is (case-insensitive), if any. */
export async function accountByEmail(db: DbOrTx, email: string): Promise<EmailAccount | null> {
  const rows = await db
    .select(accountColumns)
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.email} <> ''`))
    .limit(1);
  return rows[0] ?? null;
}

/** Serialises link sends per account (the limits hold under concurrent requests). */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'mail:' + userId}))`);
}

/** Links of one purpose sent to an account since a time, and the newest one's time. */
export async function sentSince(db: DbOrTx, userId: number, purpose: TokenPurpose, since: Date) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${emailTokens.createdAt})` })
    .from(emailTokens)
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)),
    );
  const r = rows[0];
  return { count: r?.n ?? 0, last: r?.last ? new Date(r.last) : null };
}

/** Stores a new link token and voids the account's older unused ones of that purpose (the newest link wins). */
export async function insertToken(
  tx: Tx,
  row: { userId: number; purpose: TokenPurpose; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await voidTokens(tx, row.userId, row.purpose);
  await tx.insert(emailTokens).values(row);
}

/** Marks every unused token of an account and purpose used. */
export async function voidTokens(db: DbOrTx, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * Spends a token: the one unused, unexpired row with this hash and purpose, marked used in the caller's
 * transaction; null when there is none (wrong, used, expired), so a second use finds nothing.
 */
export async function spendToken(tx: Tx, tokenHash: string, purpose: TokenPurpose): Promise<TokenRow | null> {
  const rows = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The newest unused, unexpired verification link of an account (the address awaiting confirmation). */
export async function pendingVerification(db: DbOrTx, userId: number): Promise<TokenRow | null> {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'verify'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailTokens.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The newest notification of a member: notification email starts after it. */
const newestNotice = (userId: number) =>
  sql`GREATEST(${users.emailNotifiedId}, (SELECT coalesce(max(id), 0) FROM notifications WHERE user_id = ${userId}))`;

/**
 * Sets (or clears) an account's verified address. Notification email starts from here: what came before the
 * address was confirmed (the welcome, say) is never mailed.
 */
export async function setEmail(db: DbOrTx, userId: number, email: string): Promise<void> {
  await db
    .update(users)
    .set({
      email,
      emailVerifiedAt: email ? new Date() : null,
      emailBounce: '',
      emailNotifiedId: newestNotice(userId),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Marks a verified address the SMTP server refused for good (any account's, case-insensitive). */
export async function markBounced(db: DbOrTx, email: string, reply: string): Promise<void> {
  await db
    .update(users)
    .set({ emailBounce: reply.slice(0, 500) || 'refused' })
    .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.email} <> ''`));
}

/**
 * Sets the notification email choice. A new choice starts from now: notifications older than it are never
 * mailed (the watermark moves to the member's newest notification); the same choice again changes nothing.
 */
export async function setNotify(db: DbOrTx, userId: number, notify: string): Promise<void> {
  await db
    .update(users)
    .set({
      emailNotify: notify,
      emailNotifiedId: sql`CASE WHEN ${users.emailNotify} = ${notify} THEN ${users.emailNotifiedId}
        ELSE ${newestNotice(userId)} END`,
    })
    .where(eq(users.id, userId));
}

export async function setLang(db: DbOrTx, userId: number, lang: string): Promise<void> {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), sql`${users.lang} <> ${lang}`));
}

/** One member due a notification email, with what they have not read. */
export interface DueMember {
  id: number;
  nickname: string;
  username: string;
  email: string;
  lang: string;
  /** The watermark the notices were read above (the run that moves it from here mails them). */
  watermark: number;
  /** Unread notifications after the watermark, newest first (at most `limit`). */
  notices: Array<{ id: number; data: Record<string, unknown>; createdAt: Date }>;
  total: number;
  maxId: number;
  unreadMessages: number;
}

/**
 * Members with the given choice and a verified address who have notifications they have not read, newer than
 * their watermark and created in [since, before) — "away": unread that long. At most `members` members
 * (the next run takes the rest), each with up to `limit` notices listed.
 */
export async function dueMembers(
  db: DbOrTx,
  o: { notify: 'each' | 'digest'; since: Date; before: Date; members: number; limit: number },
): Promise<DueMember[]> {
  const rows = await rowsOf<{
    id: number;
    nickname: string;
    username: string;
    email: string;
    lang: string;
    watermark: string;
    total: number;
    max_id: string;
    notices: Array<{ id: number; data: Record<string, unknown>; created_at: string }>;
    unread_messages: number;
  }>(
    db,
    sql`SELECT u.id, u.nickname, u.username, u.email, u.lang, u.email_notified_id AS watermark, d.total, d.max_id, d.notices,
          (SELECT coalesce(sum(CASE WHEN dl.sender_user_id = u.id THEN dl.sender_unread ELSE dl.recipient_unread END), 0)::int
             FROM dialogs dl WHERE dl.sender_user_id = u.id OR dl.recipient_user_id = u.id) AS unread_messages
        FROM users u
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS total, max(n.id) AS max_id,
                 (SELECT json_agg(json_build_object('id', x.id, 'data', x.data, 'created_at', x.created_at)
                                  ORDER BY x.id DESC)
                    FROM (SELECT id, data, created_at FROM notifications
                           WHERE user_id = u.id AND read_at IS NULL AND id > u.email_notified_id
                             AND created_at >= ${o.since} AND created_at < ${o.before}
                           ORDER BY id DESC LIMIT ${o.limit}) x) AS notices
            FROM notifications n
           WHERE n.user_id = u.id AND n.read_at IS NULL AND n.id > u.email_notified_id
             AND n.created_at >= ${o.since} AND n.created_at < ${o.before}
        ) d
       WHERE u.email_notify = ${o.notify} AND u.email <> '' AND u.email_bounce = '' AND u.status = 0
         AND d.total > 0
       ORDER BY u.id
       LIMIT ${o.members}`,
  );
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    username: r.username,
    email: r.email,
    lang: r.lang,
    watermark: Number(r.watermark),
    total: r.total,
    maxId: Number(r.max_id),
    unreadMessages: r.unread_messages,
    notices: (r.notices ?? []).map((n) => ({ id: n.id, data: n.data, createdAt: new Date(n.created_at) })),
  }));
}

/**
 * Moves a member's watermark from where the run read it past the notices it mails; false when it is no longer
 * there (another run, or a choice just made, moved it), so a message is queued only by the run that moved it.
 */
export async function advanceWatermark(tx: Tx, userId: number, from: number, to: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ emailNotifiedId: to })
    .where(and(eq(users.id, userId), eq(users.emailNotifiedId, from)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns notification email off (the unsubscribe link). */
export async function unsubscribe(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ emailNotify: 'off' }).where(eq(users.id, userId));
}
