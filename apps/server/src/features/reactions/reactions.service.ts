import { Code, type ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, forbidden, invalid } from '../../platform/http/errors.js';
import { deleteFavorite, insertFavorite } from './reactions.repository.js';
import { countRecordedView } from './thread-views.repository.js';
import type { ReactionsDeps, ThreadReader, ThreadRows } from './threads.port.js';

/** Most pinned threads at once (reference §1.3). */
export const MAX_STICKY = 20;

/** `threads/operate` changes. */
export interface OperateInput {
  isEssence?: boolean;
  isSticky?: boolean;
  isFavorite?: boolean;
  isSite?: boolean;
  stickSort?: number;
}

/** Essence, pinning, favourites, recommend-to-home, views, shares and profile pins. */
export class ReactionsService {
  constructor(
    private readonly deps: ReactionsDeps,
    private readonly reader: ThreadReader,
    private readonly rows: ThreadRows,
  ) {}

  /** `threads/operate`: each flag needs its own permission in the thread's category. */
  async operate(actor: Actor, threadId: number, input: OperateInput, lang: Lang): Promise<ThreadItem> {
    if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
    const userId = actor.userId;
    const t = await this.reader.visibleThread(actor, threadId);
    const { gate } = this.deps;
    const res = { categoryId: t.categoryId, ownerId: t.userId };
    if (input.isEssence !== undefined) gate.authorize(actor, 'thread.essence', res);
    if (input.isSticky !== undefined || input.stickSort !== undefined)
      gate.authorize(actor, 'thread.sticky', res);
    if (input.isFavorite !== undefined) gate.authorize(actor, 'thread.favorite', res);
    // Recommending to the home page is an administrator's call (the original's `is_site`).
    if (input.isSite !== undefined && !actor.isAdmin) throw forbidden();
    if ((input.isEssence || input.isSticky || input.isSite) && (t.isDraft || t.isApproved !== 1)) {
      throw invalid('only published, approved threads can be marked');
    }
    const row = await inTransaction(this.deps.db, async (tx) => {
      const locked = (await this.rows.find(tx, threadId, true))!;
      if (input.isSticky && !locked.isSticky && (await this.rows.countSticky(tx)) >= MAX_STICKY) {
        throw new AppError(Code.RESOURCE_EXIST, {
          zh: `最多置顶 ${MAX_STICKY} 个帖子`,
          en: `At most ${MAX_STICKY} threads can be pinned`,
        });
      }
      if (input.isFavorite !== undefined) {
        const changed = input.isFavorite
          ? await insertFavorite(tx, threadId, userId)
          : await deleteFavorite(tx, threadId, userId);
        if (changed) await this.rows.bump(tx, threadId, { favoriteCount: input.isFavorite ? 1 : -1 });
      }
      const patch = {
        ...(input.isEssence !== undefined && { isEssence: input.isEssence }),
        ...(input.isSticky !== undefined && { isSticky: input.isSticky }),
        ...(input.stickSort !== undefined && { stickSort: input.stickSort }),
        ...(input.isSite !== undefined && { isSite: input.isSite }),
      };
      return Object.keys(patch).length
        ? this.rows.update(tx, threadId, patch)
        : (await this.rows.find(tx, threadId))!;
    });
    return this.reader.present(actor, row, lang);
  }

  /**
   * `view.count`: one more view (guests count too). With `open_view_count` on, a logged-in reader's view is
   * also recorded once per thread, in the same statement (thread-views.repository.ts).
   */
  async view(actor: Actor, threadId: number) {
    await this.reader.visibleThread(actor, threadId);
    if (actor.userId != null && this.deps.settings.bool('open_view_count')) {
      return { threadId, viewCount: (await countRecordedView(this.deps.db, threadId, actor.userId)) ?? 0 };
    }
    const row = await this.rows.bump(this.deps.db, threadId, { viewCount: 1 });
    return { threadId, viewCount: row?.viewCount ?? 0 };
  }

  /** `thread.share`: one more share. */
  async share(actor: Actor, threadId: number) {
    await this.reader.visibleThread(actor, threadId);
    const row = await this.rows.bump(this.deps.db, threadId, { shareCount: 1 });
    return { threadId, shareCount: row?.shareCount ?? 0 };
  }

  /** `user/thread.stick`: pin (status 1) or unpin (0) one of my own published threads on my profile. */
  async userStick(actor: Actor, threadId: number, status: number) {
    if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
    const t = await this.reader.visibleThread(actor, threadId);
    if (t.userId !== actor.userId) throw forbidden('only your own threads can be pinned on your profile');
    if (status === 1 && (t.isDraft || t.isAnonymous))
      throw invalid('drafts and anonymous threads cannot be pinned');
    await this.rows.setUserStick(this.deps.db, actor.userId, status === 1 ? threadId : null);
    return { threadId, status };
  }
}
