import type { Actor } from '../../platform/auth/actor.js';
import type { Tx } from '../../platform/db/db.js';
import { BLOCK_SWITCHES } from '@forum/contracts';
import { forbidden, invalid } from '../../platform/http/errors.js';
import type { ThreadsDeps } from './threads.deps.js';
import { replaceToms } from './threads.repository.js';
import type { ThreadWrite } from './thread-write.rules.js';

/** A block after its type's schema parsed it. */
export interface ParsedTom {
  key: string;
  tomType: string;
  body: unknown;
}

/** Who a thread's blocks belong to. */
export interface TomOwner {
  threadId: number;
  /** The first post: what the blocks' uploads are bound to. */
  postId: number;
  authorId: number;
  /** The thread is a draft before this write (a new thread: it is created as one). */
  draft: boolean;
}

/** Whether the site's function settings let anyone post this block type (`BLOCK_SWITCHES`). */
export function siteAllowsBlock(deps: Pick<ThreadsDeps, 'settings' | 'toms'>, tomId: string): boolean {
  if (deps.toms.find(tomId)?.enabled?.() === false) return false;
  const key = BLOCK_SWITCHES[tomId];
  return !key || deps.settings.get(key) !== '0';
}

/** Validates blocks: known type, insert permission in the category, body schema, per-type limits. */
export function parseToms(
  deps: ThreadsDeps,
  actor: Actor,
  categoryId: number,
  indexes: NonNullable<ThreadWrite['content']>['indexes'],
): ParsedTom[] {
  const counts = new Map<string, number>();
  const out: ParsedTom[] = [];
  for (const [key, idx] of Object.entries(indexes)) {
    if (String(idx.tomId) === '100') continue;
    const type = deps.toms.require(idx.tomId);
    if (!siteAllowsBlock(deps, type.id))
      throw forbidden(`content.indexes: ${type.name} blocks are switched off`);
    if (type.permission) deps.gate.authorize(actor, type.permission, { categoryId });
    const n = (counts.get(type.id) ?? 0) + 1;
    counts.set(type.id, n);
    if (type.maxBlocks !== undefined && n > type.maxBlocks)
      throw invalid(`content.indexes: at most ${type.maxBlocks} ${type.name} block(s)`);
    const parsed = type.schema.safeParse(idx.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(`content.indexes.${key}.body.${issue.path.join('.')}: ${issue.message}`);
    }
    out.push({ key, tomType: type.id, body: parsed.data });
  }
  return out;
}

/**
 * Runs each type's save hook (and remove for dropped keys), stores the blocks, and unlinks the first post's
 * uploads that no stored block references any more: a file dropped by an edit becomes an orphan (served to
 * its uploader only) in the same transaction, instead of staying reachable through the thread.
 */
export async function saveToms(
  deps: ThreadsDeps,
  tx: Tx,
  actor: Actor,
  owner: TomOwner,
  toms: ParsedTom[],
  previous: Array<{ key: string; tomType: string; body: unknown }>,
): Promise<ParsedTom[]> {
  const prevByKey = new Map(previous.map((p) => [p.key, p]));
  const kept = new Set(toms.map((t) => t.key));
  for (const p of previous) {
    if (kept.has(p.key) && prevByKey.get(p.key)?.tomType === toms.find((t) => t.key === p.key)?.tomType)
      continue;
    await deps.toms.find(p.tomType)?.remove?.({ tx, ...owner, key: p.key, actor, previous: p.body });
  }
  const stored: ParsedTom[] = [];
  for (const t of toms) {
    const type = deps.toms.require(t.tomType);
    const prev = prevByKey.get(t.key);
    const ctx = {
      tx,
      ...owner,
      key: t.key,
      actor,
      previous: prev?.tomType === t.tomType ? prev.body : undefined,
    };
    stored.push({ ...t, body: type.save ? await type.save(ctx, t.body) : t.body });
  }
  await replaceToms(tx, owner.threadId, stored);
  if (owner.postId) {
    const referenced = stored.flatMap((t) => deps.toms.find(t.tomType)?.uploads?.(t.body) ?? []);
    await deps.files.unlinkOthers(tx, owner.postId, referenced);
  }
  return stored;
}

/** Lets each stored block's type check (or refuse) the publishing of a draft, in its transaction. */
export async function publishToms(
  deps: ThreadsDeps,
  tx: Tx,
  actor: Actor,
  owner: TomOwner,
  stored: Array<{ key: string; tomType: string; body: unknown }>,
): Promise<void> {
  for (const t of stored) {
    const type = deps.toms.find(t.tomType);
    await type?.publish?.({ tx, ...owner, key: t.key, actor, previous: t.body }, t.body);
  }
}
