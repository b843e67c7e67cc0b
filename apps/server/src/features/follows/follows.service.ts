import { Code, type FollowListItem, type Page } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import type { GroupsService } from '../groups/index.js';
import { presentPublicUser, relationFlags } from '../users/index.js';
import {
  addBlock,
  addFollow,
  countsOf,
  hasBlocked,
  listPeople,
  lockUsers,
  relationsOf,
  removeBlock,
  removeFollow,
} from './follows.repository.js';

/** What a follow tells the followed (the notifications feature's notice, kept structural: no import cycle). */
export interface FollowNotice {
  event: 'user.followed';
  userId: number;
  senderId: number;
}

/** The signed-in member behind a request, or -4011 (spec §6: social actions need a login). */
function member(actor: Actor): number {
  if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
  return actor.userId;
}

/**
 * Follows and blocks (reference §1.6). Every write locks both users' rows in id order first, so counters stay
 * equal to the rows under any concurrency and no two writers deadlock.
 */
export class FollowsService {
  /** Tells a member about a new fan (the notifications feature replaces this). */
  notify: (notices: FollowNotice[]) => Promise<void> = async () => {};

  constructor(
    private readonly db: Db,
    private readonly gate: Gate,
    private readonly groups: GroupsService,
  ) {}

  /** `follow.create`: -7059 yourself, -7060 missing, -7061 they blocked you, -7068 you blocked them. */
  async follow(actor: Actor, toUserId: number) {
    const me = member(actor);
    this.gate.authorize(actor, 'userFollow.create');
    if (toUserId === me) throw new AppError(Code.FOLLOW_SELF);
    const followed = await inTransaction(this.db, async (tx) => {
      const found = await lockUsers(tx, [me, toUserId]);
      if (!found.has(toUserId)) throw new AppError(Code.FOLLOW_TARGET_MISSING);
      if (await hasBlocked(tx, toUserId, me)) throw new AppError(Code.BLOCKED_BY_THEM);
      if (await hasBlocked(tx, me, toUserId)) throw new AppError(Code.YOU_BLOCKED_THEM);
      return addFollow(tx, me, toUserId);
    });
    if (followed.added) await this.notify([{ event: 'user.followed', userId: toUserId, senderId: me }]);
    return { isMutual: followed.isMutual, ...(await countsOf(this.db, toUserId)) };
  }

  /** `follow.delete`: type 1 unfollows `id`; type 2 removes `id` from my fans. Idempotent. */
  async unfollow(actor: Actor, id: number, type: number) {
    const me = member(actor);
    const [from, to] = type === 2 ? [id, me] : [me, id];
    await inTransaction(this.db, async (tx) => {
      await lockUsers(tx, [from, to]);
      await removeFollow(tx, from, to);
    });
    return countsOf(this.db, id);
  }

  /** `users/deny.create`: blocks `id`; a follow in either direction between the two ends with it. */
  async block(actor: Actor, id: number) {
    const me = member(actor);
    if (id === me) throw invalid('id: you cannot block yourself');
    await inTransaction(this.db, async (tx) => {
      if (!(await lockUsers(tx, [me, id])).has(id)) throw notFound();
      await addBlock(tx, me, id);
      await removeFollow(tx, me, id);
      await removeFollow(tx, id, me);
    });
    return { isDeny: true as const };
  }

  /** `users/deny.delete`. */
  async unblock(actor: Actor, id: number) {
    await removeBlock(this.db, member(actor), id);
    return { isDeny: false as const };
  }

  /** `follow.list` (kind 1 follows, 2 fans) or `users/deny.list` (kind 3, the viewer's own only). */
  async list(
    actor: Actor,
    input: { kind: 1 | 2 | 3; userId?: number; page: number; perPage: number },
  ): Promise<Page<FollowListItem>> {
    const me = member(actor);
    const owner = input.kind === 3 ? me : (input.userId ?? me);
    if (owner !== me) this.gate.authorize(actor, 'user.view');
    const { rows, total } = await listPeople(
      this.db,
      owner,
      input.kind,
      input.perPage,
      (input.page - 1) * input.perPage,
    );
    const rel = await relationsOf(
      this.db,
      me,
      rows.map((r) => r.user.id),
    );
    return {
      pageData: rows.map((r) => {
        const relation = rel.get(r.user.id) ?? { follow: 0 as const, isDeny: false };
        const { isFollow, isMutualFollow } = relationFlags(relation);
        return {
          ...presentPublicUser(r.user, this.groups.group(r.groupId ?? this.groups.defaultGroupId())),
          ...relation,
          isFollow,
          isMutualFollow,
        };
      }),
      currentPage: input.page,
      perPage: input.perPage,
      totalCount: total,
      totalPage: Math.ceil(total / input.perPage),
    };
  }
}
