import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { oauthSessions, oidcIdentities, wechatUsers } from './oauth.table.js';

export type SessionRow = typeof oauthSessions.$inferSelect;
export type WechatUserRow = typeof wechatUsers.$inferSelect;

/** Stores a new flow step (expired ones are swept on the way). */
export async function insertSession(db: DbOrTx, row: typeof oauthSessions.$inferInsert): Promise<void> {
  await db.delete(oauthSessions).where(lt(oauthSessions.expiresAt, new Date(Date.now() - 86_400_000)));
  await db.insert(oauthSessions).values(row);
}

/** A live (unspent, unexpired) step of a kind. */
export async function liveSession(db: DbOrTx, id: string, kind: string): Promise<SessionRow | null> {
  const rows = await db
    .select()
    .from(oauthSessions)
    .where(
      and(
        eq(oauthSessions.id, id),
        eq(oauthSessions.kind, kind),
        isNull(oauthSessions.usedAt),
        gt(oauthSessions.expiresAt, new Date()),
      ),
    );
  return rows[0] ?? null;
}

/** Any step by id (a QR poll tells an expired session from a missing one). */
export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | null> {
  const rows = await db.select().from(oauthSessions).where(eq(oauthSessions.id, id));
  return rows[0] ?? null;
}

/** Spends a live step; null when it was spent first by another request, expired or never existed. */
export async function spendSession(db: DbOrTx, id: string, kind: string): Promise<SessionRow | null> {
  const rows = await db
    .update(oauthSessions)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthSessions.id, id),
        eq(oauthSessions.kind, kind),
        isNull(oauthSessions.usedAt),
        gt(oauthSessions.expiresAt, new Date()),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Marks a QR session done by an account (the phone side finished); false when it was not waiting. */
export async function completeQr(db: DbOrTx, id: string, userId: number): Promise<boolean> {
  const rows = await db
    .update(oauthSessions)
    .set({ doneUserId: userId })
    .where(
      and(
        eq(oauthSessions.id, id),
        eq(oauthSessions.kind, 'qrcode'),
        isNull(oauthSessions.doneUserId),
        isNull(oauthSessions.usedAt),
        gt(oauthSessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: oauthSessions.id });
  return rows.length === 1;
}

/**
 * Marks a login QR scanned by a WeChat that has no account yet: the pc poll then offers it the choice (create,
 * bind a username or a phone) on the computer. False when the session was not waiting.
 */
export async function scanQrByNewWechat(db: DbOrTx, id: string, wechatUserId: number): Promise<boolean> {
  const rows = await db
    .update(oauthSessions)
    .set({ wechatUserId })
    .where(
      and(
        eq(oauthSessions.id, id),
        eq(oauthSessions.kind, 'qrcode'),
        isNull(oauthSessions.doneUserId),
        isNull(oauthSessions.wechatUserId),
        isNull(oauthSessions.usedAt),
        gt(oauthSessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: oauthSessions.id });
  return rows.length === 1;
}

/** Creates or refreshes the identity of an openid (the profile may change between logins). */
export async function upsertWechatUser(
  db: DbOrTx,
  p: { mpOpenid: string; unionid: string; nickname: string; avatar: string },
): Promise<WechatUserRow> {
  const rows = await db
    .insert(wechatUsers)
    .values(p)
    .onConflictDoUpdate({
      target: wechatUsers.mpOpenid,
      set: { unionid: p.unionid, nickname: p.nickname, avatar: p.avatar, updatedAt: new Date() },
    })
    .returning();
  return rows[0]!;
}

export async function wechatUserById(db: DbOrTx, id: number): Promise<WechatUserRow | null> {
  const rows = await db.select().from(wechatUsers).where(eq(wechatUsers.id, id));
  return rows[0] ?? null;
}

export async function wechatOfUser(db: DbOrTx, userId: number): Promise<WechatUserRow | null> {
  const rows = await db.select().from(wechatUsers).where(eq(wechatUsers.userId, userId));
  return rows[0] ?? null;
}

/** Links an identity to an account only if it is still unbound; false when someone else took it. */
export async function linkWechat(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(wechatUsers)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(wechatUsers.id, id), isNull(wechatUsers.userId)))
    .returning({ id: wechatUsers.id });
  return rows.length === 1;
}

/** Releases an account's current WeChat (a rebind). */
export async function unlinkWechatOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(wechatUsers)
    .set({ userId: null, updatedAt: new Date() })
    .where(eq(wechatUsers.userId, userId));
}

export async function oidcIdentity(db: DbOrTx, issuer: string, subject: string) {
  const rows = await db
    .select()
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  return rows[0] ?? null;
}

export async function insertOidcIdentity(db: DbOrTx, row: typeof oidcIdentities.$inferInsert): Promise<void> {
  await db.insert(oidcIdentities).values(row);
}
