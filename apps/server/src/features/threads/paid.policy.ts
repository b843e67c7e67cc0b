import { PurchaseKind, TomId } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx } from '../../platform/db/db.js';
import { escapeText, htmlToText } from '../../platform/content/sanitize.js';
import type { ThreadRow } from './threads.repository.js';
import { freePlain } from './free-part.js';

/**
 * Paid threads (reference §1.3): a non-payer reads `freeWords` of the text and none of the paid media; the
 * author, administrators and groups with `thread.freeViewPosts` read everything. Every way a thread's text or
 * files leave the server (detail, lists, search highlights, pinned and recommended summaries, feeds,
 * downloads) goes through these rules.
 */

type Priced = Pick<ThreadRow, 'price' | 'attachmentPrice'>;

/** What a viewer may see of one thread. */
export interface PaidView {
  /** The whole text (else the free part). */
  text: boolean;
  /** The paid blocks (else they are locked). */
  files: boolean;
  /** The viewer bought what the thread sells. */
  paid: boolean;
}

/** The order types each viewer bought, by thread id (the paid-content feature answers it). */
export type PurchasesOf = (
  db: DbOrTx,
  userId: number,
  threadIds: number[],
) => Promise<Map<number, Set<number>>>;

/** Nobody bought anything (until the paid-content feature plugs in). */
export const NO_PURCHASES: PurchasesOf = async () => new Map();

/** Whether the thread sells anything. */
export function isPriced(t: Priced): boolean {
  return t.price > 0 || t.attachmentPrice > 0;
}

/** The blocks a paid thread locks: all media for a paid thread, the file block for paid attachments. */
export function lockedTom(t: Priced, tomType: string): boolean {
  if (t.price > 0) return PAID_MEDIA.has(tomType);
  return t.attachmentPrice > 0 && tomType === String(TomId.ATTACHMENT);
}
const PAID_MEDIA = new Set([TomId.IMAGE, TomId.AUDIO, TomId.VIDEO, TomId.ATTACHMENT].map(String));

/** Whether the viewer reads a paid thread free: its author, an administrator, or `thread.freeViewPosts`. */
export function viewsFree(gate: Gate, actor: Actor, t: Pick<ThreadRow, 'userId' | 'categoryId'>): boolean {
  if (actor.isAdmin || (actor.userId != null && actor.userId === t.userId)) return true;
  return gate.can(actor, 'thread.freeViewPosts', { categoryId: t.categoryId });
}

/** What this viewer sees of the thread, given the order types they bought for it. */
export function paidView(
  gate: Gate,
  actor: Actor,
  t: Priced & Pick<ThreadRow, 'userId' | 'categoryId'>,
  bought: ReadonlySet<number> | undefined,
): PaidView {
  if (!isPriced(t)) return { text: true, files: true, paid: false };
  const kind = t.price > 0 ? PurchaseKind.THREAD : PurchaseKind.ATTACHMENT;
  const paid = bought?.has(kind) ?? false;
  const full = paid || viewsFree(gate, actor, t);
  return { text: t.price > 0 ? full : true, files: full, paid };
}

/** The free part of a paid thread's text: `freeWords` (0 to 1) of its plain text, as one escaped paragraph. */
export function freeText(html: string, freeWords: number): string {
  const free = freePlain(htmlToText(html), freeWords);
  return free ? `<p>${escapeText(free)}</p>` : '';
}

/** The text anyone may read in summaries shared by everyone (pinned, recommended, feeds). */
export function sharedText(t: Pick<ThreadRow, 'price' | 'freeWords'>, html: string): string {
  return t.price > 0 ? freeText(html, t.freeWords) : html;
}

/** A locked block as a non-payer receives it: no ids, no URLs, only how many items it holds. */
export function lockedBody(body: unknown): { locked: true; count: number } {
  const b = (body ?? {}) as Record<string, unknown>;
  const ids = b.imageIds ?? b.docIds ?? b.audioId ?? b.videoId;
  return { locked: true, count: Array.isArray(ids) ? ids.length : ids == null ? 0 : 1 };
}
