import { Code, GroupId, TomId, type Page, type RecommendItem, type ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { RawJson, SplicedJson } from '../../platform/http/envelope.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { htmlToText } from '../../platform/content/sanitize.js';
import { findPost, postVisibleTo } from '../posts/index.js';
import { likedUsersPage } from './liked-users.js';
import { viewerOf, type ThreadsDeps } from './threads.deps.js';
import { recommendThreads } from './recommends.wiring.js';
import { ThreadListCache } from './thread-list-cache.js';
import { personalise, presentList } from './thread-list-items.js';
import { listSticky, listThreads, type ThreadQuery } from './threads-list.repository.js';
import { loadThreads } from './threads.loader.js';
import { highlightTermsOf, presentThread } from './threads.presenter.js';
import { Loader } from '../../platform/db/loader.js';
import { findFirstPosts, findThreadsByIds, type ThreadRow, type Viewer } from './threads.repository.js';
import { siteAllowsBlock } from './thread-toms.writer.js';
import { sharedText } from './paid.policy.js';

/** `thread.list` input after parsing. */
export interface ListInput {
  page: number;
  perPage: number;
  scope: number;
  filter: {
    categoryids?: number[];
    types?: string[];
    essence?: boolean;
    attention?: boolean;
    search?: string;
    toUserId?: number;
    exclusiveIds?: number[];
    topicId?: number;
    sort: number;
    complex?: number;
  };
}

/** Days of content the free-experience group sees when its `content_range` is unset (reference §1.10). */
export const DEFAULT_CONTENT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Reading threads: detail, lists, pinned list, recommendations, likers, block types. */
export class ThreadsReader {
  /** A thread by id: concurrent reads (thread pages, payments' checks) share one query under load. */
  private readonly threadById = new Loader<number, ThreadRow>((ids) => findThreadsByIds(this.deps.db, ids));

  constructor(private readonly deps: ThreadsDeps) {}

  /** Presents one row for an actor, in the reader's language (`diffTime`). */
  async present(actor: Actor, row: ThreadRow, lang: Lang): Promise<ThreadItem> {
    const bundle = await loadThreads(this.deps, actor, [row]);
    return presentThread(this.deps, actor, row, bundle, lang);
  }

  /**
   * Free-experience readers (group 8) only see threads created in the last `content_range` days (reference
   * §1.3, §1.10); everyone else sees all: null.
   */
  contentSince(actor: Actor): Date | null {
    if (actor.groupId !== GroupId.TRIAL || actor.isAdmin) return null;
    const days = this.deps.groups.group(GroupId.TRIAL)?.contentRange || DEFAULT_CONTENT_RANGE_DAYS;
    return new Date(Date.now() - days * DAY_MS);
  }

  /** The visibility scope of an actor: categories they may view, and the experience group's time window. */
  viewer(actor: Actor): Viewer {
    return { ...viewerOf(this.deps, actor), since: this.contentSince(actor) };
  }

  /**
   * A thread the actor may see, or -4004 (hidden things look missing) / -4002 (no viewPosts there). A thread
   * older than an experience reader's window is -4004 too: -4002 would confirm that the id exists.
   */
  async visibleThread(actor: Actor, threadId: number): Promise<ThreadRow> {
    return this.seenBy(actor, await this.threadById.load(threadId));
  }

  /** `visibleThread`'s checks on a row already at hand (a reply's recent copy): the row, or the same errors. */
  seenBy(actor: Actor, t: ThreadRow | null): ThreadRow {
    const own = t != null && actor.userId === t.userId;
    if (!t || t.deletedAt || ((t.isDraft || t.isApproved !== 1) && !own && !actor.isAdmin)) throw notFound();
    const since = own ? null : this.contentSince(actor);
    if (since && t.createdAt < since) throw notFound();
    const res = { categoryId: t.categoryId };
    if (!own && !this.deps.gate.can(actor, 'viewThreads', res))
      throw new AppError(Code.UNAUTHORIZED, '', { ability: 'viewThreads' });
    if (!own && !this.deps.gate.can(actor, 'thread.viewPosts', res)) {
      throw new AppError(Code.UNAUTHORIZED, '', { ability: 'thread.viewPosts' });
    }
    return t;
  }

  /** `thread.detail`. */
  async detail(actor: Actor, threadId: number, lang: Lang): Promise<ThreadItem> {
    return this.present(actor, await this.visibleThread(actor, threadId), lang);
  }

  /** `thread.list` with the original's filters, sorts, complex lists and scopes. */
  async list(actor: Actor, input: ListInput, lang: Lang): Promise<Page<ThreadItem>> {
    return (await this.pages(actor, input, lang, 1))[0]!;
  }

  /** `thread.list` as the route sends it: a member's copy of a group-shared page is spliced as JSON text. */
  async listServed(actor: Actor, input: ListInput, lang: Lang): Promise<Page<ThreadItem> | RawJson> {
    return (await this.pages(actor, input, lang, 1, true))[0]!;
  }

  /**
   * `thread.list?preload=N`: pages `page` .. `page + N - 1` as a map page number → page, read with one query
   * (N pages' rows and one count). Pages past the last are left out; the first asked-for page is always there.
   */
  async listPreload(
    actor: Actor,
    input: ListInput,
    lang: Lang,
    n: number,
  ): Promise<Record<string, Page<ThreadItem>>> {
    const pages = await this.pages(actor, input, lang, n);
    return Object.fromEntries(pages.map((p) => [String(p.currentPage), p]));
  }

  private async pages(
    actor: Actor,
    input: ListInput,
    lang: Lang,
    n: number,
    asJson?: false,
  ): Promise<Array<Page<ThreadItem>>>;
  private async pages(
    actor: Actor,
    input: ListInput,
    lang: Lang,
    n: number,
    asJson: true,
  ): Promise<Array<Page<ThreadItem> | RawJson>>;
  private async pages(actor: Actor, input: ListInput, lang: Lang, n: number, asJson = false) {
    const f = input.filter;
    const me = actor.userId;
    const pageOf = (page: number, pageData: ThreadItem[], total: number): Page<ThreadItem> => ({
      pageData,
      currentPage: page,
      perPage: input.perPage,
      totalCount: total,
      totalPage: Math.ceil(total / input.perPage),
    });
    const needsLogin =
      f.complex === 1 ||
      (f.complex === 2 && !f.toUserId) ||
      f.complex === 3 ||
      f.complex === 4 ||
      f.attention;
    if (needsLogin && me == null) throw new AppError(Code.JUMP_TO_LOGIN);
    // Purchases arrive with the money issue.
    if (f.complex === 4) return [pageOf(input.page, [], 0)];
    const q: ThreadQuery = {
      viewer: this.viewer(actor),
      sort: (f.sort as ThreadQuery['sort']) ?? 1,
      limit: input.perPage * n,
      offset: (input.page - 1) * input.perPage,
      ...(f.categoryids?.length && { categoryIds: f.categoryids }),
      ...(f.types?.length && { types: f.types.filter((t) => t !== '100') }),
      ...(f.essence && { essence: true }),
      ...(f.search && { search: f.search }),
      ...(f.exclusiveIds?.length && { excludeIds: f.exclusiveIds }),
      ...(f.topicId && { topicId: f.topicId }),
      ...(input.scope === 1 && { site: true }),
    };
    if (f.complex === 1 || f.complex === 2 || f.complex === 3) q.complex = f.complex;
    // A profile's likes tab: whose likes (likes are public, drafts and favourites stay the viewer's own).
    if (f.complex === 2 && f.toUserId) q.likerId = f.toUserId;
    else if (f.complex === 5) q.userId = f.toUserId || me || 0;
    else if (f.toUserId) q.userId = f.toUserId;
    if (f.attention && me != null) q.authorIds = await this.deps.followees(me);
    const terms = q.search ? highlightTermsOf(q.search) : null;
    const shared = await this.sharedList(actor, q, terms, lang);
    if (shared && asJson) {
      const total = shared.total;
      const after =
        `,"currentPage":${input.page},"perPage":${input.perPage},` +
        `"totalCount":${total},"totalPage":${Math.ceil(total / input.perPage)}}`;
      // Usually the group's pieces around the member's marks, sent from the group's compressed template.
      const spliced = shared.page.spliced(0, input.perPage);
      if (spliced) {
        const { pieces, holes } = spliced;
        pieces[0] = `{"pageData":${pieces[0]}`;
        pieces[pieces.length - 1] += after;
        return [new SplicedJson(pieces, holes, (shared.group.templates ??= new Map()))];
      }
      return [new RawJson(`{"pageData":${shared.page.json(0, input.perPage)}${after}`)];
    }
    const { total, items } = shared
      ? { total: shared.total, items: shared.page.items() }
      : await this.ownList(actor, q, terms, lang);
    const out = [pageOf(input.page, items.slice(0, input.perPage), total)];
    for (let i = 1; i < n && input.page + i <= Math.ceil(total / input.perPage); i++) {
      out.push(pageOf(input.page + i, items.slice(i * input.perPage, (i + 1) * input.perPage), total));
    }
    return out;
  }

  /** A list computed for this actor alone. */
  private async ownList(actor: Actor, q: ThreadQuery, terms: string[] | null, lang: Lang) {
    const { rows, total } = await listThreads(this.deps.db, q);
    return { total, items: await presentList(this.deps, actor, rows, terms, lang) };
  }

  /**
   * The group's copy of a list laid over with this member's marks (ThreadListCache), or null when the list
   * depends on who asks: guests (their own cache), the free-experience window, drafts, likes, follows, one
   * author's threads, or a member with threads of their own the group cannot see.
   */
  private async sharedList(actor: Actor, q: ThreadQuery, terms: string[] | null, lang: Lang) {
    const me = actor.userId;
    if (me == null || q.viewer.since || !ThreadListCache.shareable(q)) return null;
    if (!actor.isAdmin && (await this.deps.lists.hasHiddenOwn(this.deps.db, me, q.viewer.categoryIds)))
      return null;
    const group: Actor = { ...actor, userId: null };
    // Per language too: the items' `diffTime` is written in the reader's.
    const groupKey = `g${actor.groupId}${actor.isAdmin ? 'a' : ''}|${lang}`;
    const page = await this.deps.lists.page(groupKey, q, async (gq) => {
      const { rows, total } = await listThreads(this.deps.db, gq);
      return { rows, total, items: await presentList(this.deps, group, rows, terms, lang) };
    });
    return {
      total: page.total,
      group: page,
      page: await personalise(this.deps, { ...actor, userId: me }, page, terms, lang),
    };
  }

  /** `thread.recommends`: the administrator's picks, topped up with the hottest recent threads. */
  recommends(
    actor: Actor,
    input: { perPage: number; filter: { categoryids?: number[] } },
  ): Promise<RecommendItem[]> {
    // Nobody's own threads get special treatment here, so a group shares one answer (route `groupCache`).
    const viewer = { ...this.viewer(actor), userId: null };
    return recommendThreads(this.deps, actor, viewer, input.perPage, input.filter.categoryids);
  }

  /** `thread.stick`. */
  async sticky(actor: Actor, categoryIds: number[] | undefined) {
    // Published threads only, never the actor's own pending ones: the list is the same for a whole group.
    const rows = await listSticky(this.deps.db, { ...this.viewer(actor), userId: null }, categoryIds);
    const firsts = new Map(
      (
        await findFirstPosts(
          this.deps.db,
          rows.map((r) => r.id),
        )
      ).map((p) => [p.threadId, p]),
    );
    return rows.map((r) => ({
      threadId: r.id,
      categoryId: r.categoryId,
      title: r.title,
      summary: htmlToText(sharedText(r, firsts.get(r.id)?.content ?? '')).slice(0, 100),
      updatedAt: r.updatedAt.toISOString(),
      canViewPosts: this.deps.gate.can(actor, 'thread.viewPosts', { categoryId: r.categoryId }),
    }));
  }

  /** `thread.likedusers`: who liked, tipped or paid for the thread (its first post), or liked one of its replies. */
  async likedUsers(
    actor: Actor,
    input: { threadId: number; postId?: number; type: number; page: number; perPage: number },
    lang: Lang,
  ) {
    const thread = await this.visibleThread(actor, input.threadId);
    const p = input.postId === undefined ? null : await findPost(this.deps.db, input.postId);
    // A deleted or pending post answers as if it did not exist, its likers included.
    if (p && (p.threadId !== input.threadId || !postVisibleTo(actor, p))) throw notFound();
    if (input.postId !== undefined && !p) throw notFound();
    const reply = p && !p.isFirst ? p : null;
    const db = this.deps.db;
    return likedUsersPage(this.deps, actor, thread, {
      ...input,
      // The thread's likes are its first post's, looked up only when likes are listed.
      likesOf: async () => p?.id ?? (await findFirstPosts(db, [thread.id]))[0]?.id ?? 0,
      likeCount: reply ? reply.likeCount : thread.likeCount,
      wholeThread: reply === null,
      lang,
    });
  }

  /** `thread.typelist`: filterable block types. */
  typeList() {
    return [
      { name: '文字', type: 100 },
      ...this.deps.toms
        .all()
        .filter((t) => t.filterable)
        .map((t) => ({ name: t.name, type: Number.isFinite(Number(t.id)) ? Number(t.id) : t.id })),
    ];
  }

  /** `tom.permissions`: which block types the actor may insert (in a category, or anywhere). */
  tomPermissions(actor: Actor, categoryId: number | undefined): Record<string, boolean> {
    const out: Record<string, boolean> = { '100': this.allowed(actor, 'createThread', categoryId) };
    for (const t of this.deps.toms.all())
      out[t.id] =
        siteAllowsBlock(this.deps, t.id) && (!t.permission || this.allowed(actor, t.permission, categoryId));
    out.position = this.allowed(actor, 'thread.insertPosition', categoryId);
    out.anonymous = this.allowed(actor, 'thread.allowAnonymous', categoryId);
    out.pay = this.allowed(actor, 'thread.insertPay', categoryId);
    // Lets the editor ask for the captcha before the first send; administrators are never asked.
    out.captcha =
      !actor.isGuest &&
      !actor.isAdmin &&
      this.deps.gate.hasGrant(actor, 'createThreadWithCaptcha', categoryId ? { categoryId } : undefined);
    return out;
  }

  /**
   * `tom.permissions` as the original clients read it: one `{enable, desc}` per permission name (their editor
   * reads `createThread.enable` to open at all, and `insertImage.enable` and the rest for its buttons).
   */
  tomPermissionsOriginal(
    actor: Actor,
    categoryId: number | undefined,
  ): Record<string, { enable: boolean; desc: string }> {
    const ours = this.tomPermissions(actor, categoryId);
    const out: Record<string, { enable: boolean; desc: string }> = {};
    for (const [name, [key, desc]] of Object.entries(ORIGINAL_PERMISSION_NAMES))
      out[name] = { enable: ours[key] === true, desc };
    return out;
  }

  private allowed(actor: Actor, ability: string, categoryId: number | undefined): boolean {
    if (actor.isGuest) return false;
    return categoryId
      ? this.deps.gate.can(actor, ability, { categoryId })
      : this.deps.gate.canAnywhere(actor, ability);
  }
}

/** The original clients' permission names: our `tom.permissions` key and the original's description. */
const ORIGINAL_PERMISSION_NAMES: Record<string, [string, string]> = {
  createThread: [String(TomId.TEXT), '发布帖子'],
  insertImage: [String(TomId.IMAGE), '插入图片'],
  insertAudio: [String(TomId.AUDIO), '插入语音'],
  insertVideo: [String(TomId.VIDEO), '插入视频'],
  insertGoods: [String(TomId.GOODS), '插入商品'],
  insertQuestion: [String(TomId.QA), '插入问答'],
  insertRedPacket: [String(TomId.RED_PACKET), '插入红包'],
  insertReward: [String(TomId.REWARD), '插入悬赏'],
  insertDoc: [String(TomId.ATTACHMENT), '插入附件'],
  insertVote: [String(TomId.VOTE), '插入投票'],
  insertPay: ['pay', '插入付费'],
  insertPosition: ['position', '插入位置'],
  allowAnonymous: ['anonymous', '匿名发布'],
};
