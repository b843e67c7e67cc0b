import { denyCreate, denyDelete, denyList, followCreate, followDelete, followList } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import { originalFollowEntries } from './follows-original.presenter.js';
import type { FollowsService } from './follows.service.js';

/** Mounts follow and block calls (reference §1.6). */
export function registerFollowsRoutes(route: Route, follows: FollowsService): void {
  const signedIn = { auth: 'required' as const };
  route(followCreate, signedIn, async (input, { actor }) => follows.follow(actor, input.toUserId));
  route(followDelete, signedIn, async (input, { actor }) => follows.unfollow(actor, input.id, input.type));
  route(
    followList,
    { ...signedIn, payExempt: true, original: originalFollowEntries },
    async (input, { actor }) =>
      follows.list(actor, {
        kind: input.filter.type === 2 ? 2 : 1,
        userId: input.filter.userId,
        page: input.page,
        perPage: input.perPage,
      }),
  );
  route(denyCreate, signedIn, async (input, { actor }) => follows.block(actor, input.id));
  route(denyDelete, signedIn, async (input, { actor }) => follows.unblock(actor, input.id));
  route(denyList, signedIn, async (input, { actor }) =>
    follows.list(actor, { kind: 3, page: input.page, perPage: input.perPage }),
  );
}
