import { checkUserGetRedpacket, postsReward } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { RedPackets } from './redpackets.service.js';
import type { Rewards } from './rewards.service.js';

/** `check.user.get.redpacket` and `posts.reward` (reference §2.3); both need a signed-in member. */
export function registerRedPacketRoutes(
  route: Route,
  deps: { redPackets: RedPackets; rewards: Rewards },
): void {
  route(checkUserGetRedpacket, { auth: 'required' }, async (input, { actor }) =>
    deps.redPackets.check(actor.userId, input.threadId),
  );
  route(postsReward, { auth: 'required' }, async (input, { actor }) => deps.rewards.reward(actor, input));
}
