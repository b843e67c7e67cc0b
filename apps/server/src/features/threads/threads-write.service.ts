import { Code, THREAD_TEXT_MAX, type ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Tx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { bumpCategoryThreads } from '../categories/index.js';
import { linkTopics } from '../topics/index.js';
import { requireCaptcha } from './captcha.js';
import { insertPost, updatePost, findFirstPost } from './posts.repository.js';
import type { ThreadsDeps } from './threads.deps.js';
import type { ThreadsReader } from './threads-read.service.js';
import {
  bumpUser,
  findThread,
  findToms,
  insertThread,
  isCountedThread,
  lastThreadAt,
  replaceToms,
  updateThread,
  setUserStick,
  findUserStick,
  type ThreadRow,
} from './threads.repository.js';
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
}

interface ParsedTom {
  key: string;
  tomType: string;
  body: unknown;
}

/** Creating, editing and deleting threads, with every gate of reference §1.3. */
export class ThreadsWriter {
  constructor(
    private readonly deps: ThreadsDeps,
    private readonly reader: ThreadsReader,
  ) {}

  /** `thread.create`. */
  async create(actor: Actor, input: ThreadWrite & { categoryId: number }): Promise<ThreadItem> {
    const { gate } = this.deps;
    if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
    const userId = actor.userId;
    const categoryId = this.requireCategory(input.categoryId);
    const res = { categoryId };
    gate.authorize(actor, 'createThread', res);
    await this.checkGates(actor, categoryId, input);
    if (input.anonymous) gate.authorize(actor, 'thread.allowAnonymous', res);
    if (input.position && (input.position.address || input.position.location))
      gate.authorize(actor, 'thread.insertPosition', res);
    const text = input.content?.text ?? '';
    const tomsIn = this.parseToms(actor, categoryId, input.content?.indexes ?? {});
    if (!text.trim() && !tomsIn.length) throw invalid('content: text or a content block is required');
    const prepared = this.deps.content.prepare(text, input.title ?? '', THREAD_TEXT_MAX);
    const draft = input.draft ?? false;

    const thread = await inTransaction(this.deps.db, async (tx) => {
      if (!draft) await this.checkSpeed(tx, actor, userId);
      const now = new Date();
      const row = await insertThread(
        tx,
        {
          userId,
          categoryId,
          title: prepared.title,
          isAnonymous: input.anonymous ?? false,
          isDraft: draft,
          isApproved: prepared.isApproved,
          issueAt: draft ? null : now,
          postedAt: now,
          ...this.positionCols(input.position),
        },
        prepared,
      );
      const topicIds = await this.deps.topics.linkThread(
        tx,
        row.id,
        userId,
        `${prepared.title}\n${prepared.text}`,
      );
      const html = linkTopics(prepared.html, topicIds);
      const post = await insertPost(tx, {
        threadId: row.id,
        userId,
        content: html,
        isFirst: true,
        isApproved: prepared.isApproved,
        modWords: prepared.modWords,
      });
      const saved = await this.saveToms(
        tx,
        actor,
        { threadId: row.id, postId: post.id, authorId: userId },
        tomsIn,
        [],
      );
      const withTypes = await updateThread(tx, row.id, {
        tomTypes: [...new Set(saved.map((t) => t.tomType))],
      });
      await this.deps.content.recordMentions(tx, post.id, userId, html, prepared.text);
      await this.applyCounts(tx, null, withTypes);
      return withTypes;
    });
    return this.reader.present(actor, thread);
  }

  /** `thread.update`: own threads with editOwnThreadOrPost, any with thread.edit. */
  async update(actor: Actor, threadId: number, input: ThreadWrite): Promise<ThreadItem> {
    const { gate } = this.deps;
    const before = await this.requireThread(threadId);
    const res = { categoryId: before.categoryId, ownerId: before.userId };
    const own = actor.userId === before.userId;
    if (!(
      gate.can(actor, 'thread.edit', res) ||
      (own && gate.can(actor, 'thread.editOwnThreadOrPost', res))
    )) {
      throw new AppError(Code.UNAUTHORIZED, '', { ability: 'thread.edit' });
    }
    const categoryId =
      input.categoryId !== undefined ? this.requireCategory(input.categoryId) : before.categoryId;
    if (categoryId !== before.categoryId) gate.authorize(actor, 'createThread', { categoryId });
    if (input.anonymous && !before.isAnonymous)
      gate.authorize(actor, 'thread.allowAnonymous', { categoryId });
    if (input.position && (input.position.address || input.position.location)) {
      gate.authorize(actor, 'thread.insertPosition', { categoryId });
    }
    if (input.draft === true && !before.isDraft)
      throw invalid('draft: a published thread cannot go back to draft');
    const publishing = before.isDraft && input.draft === false;
    const first = await findFirstPost(this.deps.db, threadId);
    const newText = input.content?.text ?? null;
    const prepared = this.deps.content.prepare(
      newText ?? first?.content ?? '',
      input.title ?? before.title,
      THREAD_TEXT_MAX,
    );
    const tomsIn = input.content ? this.parseToms(actor, categoryId, input.content.indexes) : null;

    const after = await inTransaction(this.deps.db, async (tx) => {
      const locked = (await findThread(tx, threadId, true))!;
      if (publishing && actor.userId != null) await this.checkSpeed(tx, actor, actor.userId);
      const patch: Partial<ThreadRow> = {
        title: prepared.title,
        categoryId,
        // An edit that hits a review word sends the thread back to review; a clean edit keeps its state.
        isApproved: prepared.isApproved === 0 ? 0 : locked.isApproved,
        ...(input.anonymous !== undefined && { isAnonymous: input.anonymous }),
        ...(input.position && this.positionCols(input.position)),
        ...(publishing && { isDraft: false, issueAt: new Date() }),
      };
      const topicIds = await this.deps.topics.linkThread(
        tx,
        threadId,
        before.userId,
        `${prepared.title}\n${prepared.text}`,
      );
      if (first && (newText !== null || prepared.isApproved === 0)) {
        await updatePost(tx, first.id, {
          content: linkTopics(prepared.html, topicIds),
          isApproved: patch.isApproved!,
          modWords: prepared.modWords,
        });
      }
      if (tomsIn) {
        const previous = await findToms(tx, [threadId]);
        const owner = { threadId, postId: first?.id ?? 0, authorId: before.userId };
        const saved = await this.saveToms(tx, actor, owner, tomsIn, previous);
        patch.tomTypes = [...new Set(saved.map((t) => t.tomType))];
      }
      const row = await updateThread(tx, threadId, patch, prepared);
      await this.applyCounts(tx, locked, row);
      return row;
    });
    return this.reader.present(actor, after);
  }

  /** `thread.delete`: soft, recording who; own threads with hideOwnThreadOrPost, any with thread.hide. */
  async remove(actor: Actor, threadId: number): Promise<{ threadId: number }> {
    const { gate } = this.deps;
    const t = await this.requireThread(threadId);
    const res = { categoryId: t.categoryId, ownerId: t.userId };
    const own = actor.userId === t.userId;
    if (!(
      gate.can(actor, 'thread.hide', res) ||
      (own && gate.can(actor, 'thread.hideOwnThreadOrPost', res))
    )) {
      throw new AppError(Code.UNAUTHORIZED, '', { ability: 'thread.hide' });
    }
    await inTransaction(this.deps.db, async (tx) => {
      const locked = (await findThread(tx, threadId, true))!;
      if (locked.deletedAt) return;
      const row = await updateThread(tx, threadId, {
        deletedAt: new Date(),
        deletedUserId: actor.userId,
        isSticky: false,
      });
      await this.deps.topics.unlinkThread(tx, threadId);
      if ((await findUserStick(tx, t.userId)) === threadId) await setUserStick(tx, t.userId, null);
      await this.applyCounts(tx, locked, row);
    });
    return { threadId };
  }

  /** Moves category and author counts when a thread enters or leaves the counted state (or changes category). */
  private async applyCounts(tx: Tx, before: ThreadRow | null, after: ThreadRow): Promise<void> {
    const was = before != null && isCountedThread(before);
    const is = isCountedThread(after);
    if (was) await bumpCategoryThreads(tx, before.categoryId, -1);
    if (is) await bumpCategoryThreads(tx, after.categoryId, 1);
    if (was !== is) await bumpUser(tx, after.userId, { threadCount: is ? 1 : -1 });
  }

  private requireCategory(id: number): number {
    if (!this.deps.categories.get(id)) throw new AppError(Code.CATEGORY_MISSING);
    return id;
  }

  private async requireThread(id: number): Promise<ThreadRow> {
    const t = await findThread(this.deps.db, id);
    if (!t || t.deletedAt) throw notFound();
    return t;
  }

  /** Captcha and phone-binding gates: granted to a group, never applied to administrators. */
  private async checkGates(actor: Actor, categoryId: number, input: ThreadWrite): Promise<void> {
    if (actor.isAdmin) return;
    const { gate } = this.deps;
    if (gate.hasGrant(actor, 'publishNeedBindPhone', { categoryId })) {
      // Phone binding arrives with the login-flows issue; until then nobody has a bound phone.
      throw new AppError(Code.NEED_BIND_PHONE);
    }
    if (gate.hasGrant(actor, 'createThreadWithCaptcha', { categoryId })) {
      await requireCaptcha(this.deps.captcha, input.captchaTicket, input.captchaRandStr);
    }
  }

  /** One published thread per `thread_post_interval` seconds per user (-4003); the user row lock closes races. */
  private async checkSpeed(tx: Tx, actor: Actor, userId: number): Promise<void> {
    if (actor.isAdmin) return;
    const seconds = this.deps.settings.int('thread_post_interval', 30);
    if (seconds <= 0) return;
    await lockUser(tx, userId);
    const last = await lastThreadAt(tx, userId);
    if (last && Date.now() - last.getTime() < seconds * 1000) {
      throw new AppError(Code.RESOURCE_EXIST, `发帖太快，请 ${seconds} 秒后再试`, { retryAfter: seconds });
    }
  }

  private positionCols(p: ThreadWrite['position']) {
    return p
      ? { longitude: p.longitude, latitude: p.latitude, address: p.address, location: p.location }
      : {};
  }

  /** Validates blocks: known type, insert permission in the category, body schema, per-type limits. */
  private parseToms(
    actor: Actor,
    categoryId: number,
    indexes: NonNullable<ThreadWrite['content']>['indexes'],
  ): ParsedTom[] {
    const counts = new Map<string, number>();
    const out: ParsedTom[] = [];
    for (const [key, idx] of Object.entries(indexes)) {
      if (String(idx.tomId) === '100') continue;
      const type = this.deps.toms.require(idx.tomId);
      if (type.permission) this.deps.gate.authorize(actor, type.permission, { categoryId });
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

  /** Runs each type's save hook (and remove for dropped keys) and stores the blocks. */
  private async saveToms(
    tx: Tx,
    actor: Actor,
    owner: { threadId: number; postId: number; authorId: number },
    toms: ParsedTom[],
    previous: Array<{ key: string; tomType: string; body: unknown }>,
  ): Promise<ParsedTom[]> {
    const prevByKey = new Map(previous.map((p) => [p.key, p]));
    const kept = new Set(toms.map((t) => t.key));
    for (const p of previous) {
      if (kept.has(p.key) && prevByKey.get(p.key)?.tomType === toms.find((t) => t.key === p.key)?.tomType)
        continue;
      await this.deps.toms.find(p.tomType)?.remove?.({ tx, ...owner, key: p.key, actor, previous: p.body });
    }
    const stored: ParsedTom[] = [];
    for (const t of toms) {
      const type = this.deps.toms.require(t.tomType);
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
    return stored;
  }
}
