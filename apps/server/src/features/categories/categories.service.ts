import type { CategoryNode } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import {
  deleteCategories,
  insertCategory,
  listCategories,
  moveThreads,
  threadsIn,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';
import { presentCategoryTree } from './categories.presenter.js';

const CHANNEL = 'categories.changed';
/** Abilities a category moderator holds inside their categories. */
const MODERATOR_ABILITIES = [
  'thread.essence',
  'thread.sticky',
  'thread.edit',
  'thread.hide',
  'thread.hidePosts',
];

/** Fields an administrator writes. */
export interface CategoryInput {
  name?: string;
  description?: string;
  icon?: string;
  sort?: number;
  property?: number;
  parentid?: number;
  moderators?: number[];
}

/** Categories: cached rows, the visible and postable trees, admin writes, and the moderator policy. */
export class CategoriesService {
  private rows: CategoryRow[] = [];
  private byId = new Map<number, CategoryRow>();

  constructor(
    private readonly db: Db,
    private readonly gate: Gate,
    private readonly bus: Bus,
  ) {}

  /** Loads the cache, follows other instances' writes and registers the moderator policy. */
  async start(): Promise<void> {
    await this.reload();
    this.bus.subscribe(CHANNEL, () => void this.reload().catch(() => {}));
    for (const ability of MODERATOR_ABILITIES) {
      this.gate.registerPolicy(ability, (actor, res) =>
        res?.categoryId != null &&
        actor.userId != null &&
        this.moderatorIds(res.categoryId).includes(actor.userId)
          ? 'allow'
          : 'abstain',
      );
    }
  }

  /** Re-reads every category. */
  async reload(): Promise<void> {
    this.rows = await listCategories(this.db);
    this.byId = new Map(this.rows.map((r) => [r.id, r]));
  }

  /** Reloads here and tells other instances (thread counts move too, so callers may refresh after writes). */
  async changed(): Promise<void> {
    await this.reload();
    await this.bus.publish(CHANNEL, '1');
  }

  /** A cached category. */
  get(id: number): CategoryRow | undefined {
    return this.byId.get(id);
  }

  /** User ids moderating a category. */
  moderatorIds(id: number): number[] {
    const m = this.byId.get(id)?.moderators ?? '';
    return m
      ? m
          .split(',')
          .map(Number)
          .filter((n) => n > 0)
      : [];
  }

  /** Ids of categories the actor may do `ability` in (viewThreads for lists). */
  allowedIds(actor: Actor, ability: string): number[] {
    return this.rows.filter((r) => this.gate.can(actor, ability, { categoryId: r.id })).map((r) => r.id);
  }

  /** `categories`: the tree the actor may view. */
  async visibleTree(actor: Actor): Promise<CategoryNode[]> {
    await this.reload();
    const view = new Set(this.allowedIds(actor, 'viewThreads'));
    const post = new Set(this.allowedIds(actor, 'createThread'));
    return presentCategoryTree(
      this.rows.filter((r) => view.has(r.id)),
      post,
    );
  }

  /** `categories.thread`: the tree the actor may post in. */
  async postableTree(actor: Actor): Promise<CategoryNode[]> {
    await this.reload();
    const post = new Set(this.allowedIds(actor, 'createThread'));
    return presentCategoryTree(
      this.rows.filter((r) => post.has(r.id)),
      post,
    );
  }

  /** Admin batch create. */
  async create(
    actor: Actor,
    items: Array<Required<CategoryInput> & { name: string }>,
  ): Promise<CategoryNode[]> {
    this.gate.authorize(actor, 'category.manage');
    await inTransaction(this.db, async (tx) => {
      for (const it of items) {
        this.checkParent(it.parentid, null);
        await insertCategory(tx, { ...this.toRow(it), name: it.name });
      }
    });
    await this.changed();
    return this.visibleTree(actor);
  }

  /** Admin batch update. */
  async update(actor: Actor, items: Array<CategoryInput & { id: number }>): Promise<CategoryNode[]> {
    this.gate.authorize(actor, 'category.manage');
    await inTransaction(this.db, async (tx) => {
      for (const it of items) {
        if (!this.byId.has(it.id)) throw notFound(`category ${it.id} not found`);
        if (it.parentid !== undefined) this.checkParent(it.parentid, it.id);
        await updateCategory(tx, it.id, this.toRow(it));
      }
    });
    await this.changed();
    return this.visibleTree(actor);
  }

  /**
   * Admin batch delete of categories without children. One that still holds threads (of any state) needs
   * `moveTo`: its threads move there in the same transaction, so none is left without a category.
   */
  async remove(actor: Actor, ids: number[], moveTo?: number): Promise<number[]> {
    this.gate.authorize(actor, 'category.manage');
    await this.reload();
    for (const id of ids) {
      if (!this.byId.get(id)) throw notFound(`category ${id} not found`);
      if (this.rows.some((r) => r.parentId === id && !ids.includes(r.id)))
        throw invalid(`category ${id} has children`);
    }
    if (this.rows.length - ids.length < 1) throw invalid('the last category cannot be deleted');
    if (moveTo !== undefined && (ids.includes(moveTo) || !this.byId.has(moveTo)))
      throw invalid('moveTo: choose a category that stays');
    await inTransaction(this.db, async (tx) => {
      if ((await threadsIn(tx, ids)) > 0) {
        if (moveTo === undefined) throw invalid(`moveTo: the categories still have threads`);
        await moveThreads(tx, ids, moveTo);
      }
      await deleteCategories(tx, ids);
    });
    await this.changed();
    return ids;
  }

  private checkParent(parentId: number, selfId: number | null): void {
    if (parentId === 0) return;
    const parent = this.byId.get(parentId);
    if (!parent || parent.id === selfId) throw invalid('parentid: no such category');
    if (parent.parentId !== 0) throw invalid('parentid: categories have two levels at most');
    if (selfId !== null && this.rows.some((r) => r.parentId === selfId))
      throw invalid('parentid: this category has children');
  }

  private toRow(it: CategoryInput) {
    return {
      ...(it.name !== undefined && { name: it.name }),
      ...(it.description !== undefined && { description: it.description }),
      ...(it.icon !== undefined && { icon: it.icon }),
      ...(it.sort !== undefined && { sort: it.sort }),
      ...(it.property !== undefined && { property: it.property }),
      ...(it.parentid !== undefined && { parentId: it.parentid }),
      ...(it.moderators !== undefined && { moderators: [...new Set(it.moderators)].join(',') }),
    };
  }
}
