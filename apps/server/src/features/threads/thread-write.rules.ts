import { Code } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Tx } from '../../platform/db/db.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { bumpCategoryThreads } from '../categories/index.js';
import { hasBoundPhone, hasBoundWechat } from '../users/index.js';
import { requireCaptcha } from './captcha.js';
import type { ThreadsDeps } from './threads.deps.js';
import { bumpUser, findThread, isCountedThread, lastThreadAt, type ThreadRow } from './threads.repository.js';
import { lockUser } from './threads-lock.repository.js';

/** Thread fields as the contracts parse them. */
export interface ThreadWrite {
  title?: string;
  categoryId?: number;
  content?: { text: string; indexes: Record<string, { tomId: string | number; body?: unknown }> };
  position?: { longitude: number; latitude: number; address: string; location: string };
  anonymous?: boolean;
  draft?: boolean;
  captchaTicket?: string;
  captchaRandStr?: string;
  /** Yuan as the contract parsed them; stored in fen. */
  price?: number;
  attachmentPrice?: number;
  freeWords?: number;
}

/**
 * The thread's price columns from the input (reference §1.3): fen, only one of price and attachmentPrice, and
 * `thread.insertPay` in the category to set either above zero. Fields the input leaves out stay as they are.
 */
export function priceCols(
  deps: ThreadsDeps,
  actor: Actor,
  categoryId: number,
  input: ThreadWrite,
  before?: Pick<ThreadRow, 'price' | 'attachmentPrice'>,
): Partial<Pick<ThreadRow, 'price' | 'attachmentPrice' | 'freeWords'>> {
  const fen = (yuan: number | undefined) => (yuan === undefined ? undefined : Math.round(yuan * 100));
  const price = fen(input.price) ?? before?.price ?? 0;
  const attachmentPrice = fen(input.attachmentPrice) ?? before?.attachmentPrice ?? 0;
  if (price > 0 && attachmentPrice > 0) {
    throw invalid('attachmentPrice: a thread has a price or an attachment price, not both', {
      field: 'attachmentPrice',
    });
  }
  const changed = price !== (before?.price ?? 0) || attachmentPrice !== (before?.attachmentPrice ?? 0);
  if (changed && (price > 0 || attachmentPrice > 0))
    deps.gate.authorize(actor, 'thread.insertPay', { categoryId });
  return {
    ...(input.price !== undefined && { price }),
    ...(input.attachmentPrice !== undefined && { attachmentPrice }),
    ...(input.freeWords !== undefined && { freeWords: input.freeWords }),
  };
}

/** The category id when it exists, else -4004-class `CATEGORY_MISSING`. */
export function requireCategory(deps: ThreadsDeps, id: number): number {
  if (!deps.categories.get(id)) throw new AppError(Code.CATEGORY_MISSING);
  return id;
}

/** A live (not deleted) thread, else -4004. */
export async function requireThread(deps: ThreadsDeps, id: number): Promise<ThreadRow> {
  const t = await findThread(deps.db, id);
  if (!t || t.deletedAt) throw notFound();
  return t;
}

/** Captcha, phone- and WeChat-binding gates: granted to a group, never applied to administrators. */
export async function checkGates(
  deps: ThreadsDeps,
  actor: Actor,
  categoryId: number,
  input: ThreadWrite,
): Promise<void> {
  if (actor.isAdmin) return;
  const { gate } = deps;
  if (
    gate.hasGrant(actor, 'publishNeedBindPhone', { categoryId }) &&
    !(await hasBoundPhone(deps.db, actor.userId!))
  ) {
    throw new AppError(Code.NEED_BIND_PHONE);
  }
  if (
    gate.hasGrant(actor, 'publishNeedBindWechat', { categoryId }) &&
    !(await hasBoundWechat(deps.db, actor.userId!))
  ) {
    throw new AppError(Code.NEED_BIND_WECHAT);
  }
  if (gate.hasGrant(actor, 'createThreadWithCaptcha', { categoryId })) {
    await requireCaptcha(deps.captcha, input.captchaTicket, input.captchaRandStr);
  }
}

/** One published thread per `thread_post_interval` seconds per user (-4003); the user row lock closes races. */
export async function checkSpeed(deps: ThreadsDeps, tx: Tx, actor: Actor, userId: number): Promise<void> {
  if (actor.isAdmin) return;
  const seconds = deps.settings.int('thread_post_interval', 30);
  if (seconds <= 0) return;
  await lockUser(tx, userId);
  const last = await lastThreadAt(tx, userId);
  if (last && Date.now() - last.getTime() < seconds * 1000) {
    throw new AppError(
      Code.RESOURCE_EXIST,
      { zh: `发帖太快，请 ${seconds} 秒后再试`, en: `Posting too fast: try again in ${seconds} seconds` },
      { retryAfter: seconds },
    );
  }
}

/**
 * -4002 unless the actor may attach a place here. Any non-empty part counts: coordinates alone are as much a
 * place as an address (an all-default position only clears the thread's place and needs no permission).
 */
export function authorizePosition(
  deps: ThreadsDeps,
  actor: Actor,
  categoryId: number,
  p: ThreadWrite['position'],
): void {
  if (p && (p.address || p.location || p.longitude || p.latitude))
    deps.gate.authorize(actor, 'thread.insertPosition', { categoryId });
}

/** The thread columns of a position (reference §1.3: longitude, latitude, address, location). */
export function positionCols(p: ThreadWrite['position']) {
  return p ? { longitude: p.longitude, latitude: p.latitude, address: p.address, location: p.location } : {};
}

/** Moves category and author counts when a thread enters or leaves the counted state (or changes category). */
export async function applyCounts(tx: Tx, before: ThreadRow | null, after: ThreadRow): Promise<void> {
  const was = before != null && isCountedThread(before);
  const is = isCountedThread(after);
  if (was) await bumpCategoryThreads(tx, before.categoryId, -1);
  if (is) await bumpCategoryThreads(tx, after.categoryId, 1);
  if (was !== is) await bumpUser(tx, after.userId, { threadCount: is ? 1 : -1 });
}
