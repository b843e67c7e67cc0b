import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/db.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { Route } from '../../platform/http/router.js';
import type { Notify } from '../notifications/index.js';
import type { OrderService } from '../orders/index.js';
import type { ThreadsFeature } from '../threads/index.js';
import type { Ledger } from '../wallet/index.js';
import { mergedOrderKind } from './escrow-block.js';
import { registerRedPacketRoutes } from './redpackets.routes.js';
import { RedPackets } from './redpackets.service.js';
import { Rewards } from './rewards.service.js';

/** Red packets (tom 106) and bounty Q&A (tom 107), issue 12 item 4. */
export { RedPackets } from './redpackets.service.js';
export { Rewards } from './rewards.service.js';
export { redPackets, redPacketGrants, threadRewards, rewardPayouts } from './redpackets.table.js';

/** How often the expiry job looks for red packets and bounties past their time. */
const EXPIRY_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests reach the services (and run the expiry job) here. */
    redPackets: { redPackets: RedPackets; rewards: Rewards };
  }
}

/** Registers the two blocks, their order kinds (9, 10 and both at once, 11), the calls and the expiry job. */
export function mountRedPackets(ctx: {
  app: FastifyInstance;
  route: Route;
  database: Database;
  ledger: Ledger;
  orders: OrderService;
  jobs: Jobs;
  threads: ThreadsFeature;
  /** Members paid from a red packet or bounty are told once the money has committed. */
  notify: Notify;
}): void {
  const db = ctx.database.db;
  const redPackets = new RedPackets(db, ctx.ledger, ctx.notify);
  const rewards = new Rewards(db, ctx.ledger, ctx.notify);
  ctx.threads.toms.register(redPackets.tomType());
  ctx.threads.toms.register(rewards.tomType());
  ctx.orders.registerKind(redPackets.orderKind());
  ctx.orders.registerKind(rewards.orderKind());
  ctx.orders.registerKind(mergedOrderKind([redPackets.escrowSpec(), rewards.escrowSpec()]));
  ctx.threads.addPostListener((e) => redPackets.onPost(e));
  registerRedPacketRoutes(ctx.route, { redPackets, rewards });
  // Once a minute across all instances; a failure is logged and counted by the queue.
  ctx.jobs.work('redpacket_expiry', () => Promise.all([redPackets.expireDue(), rewards.expireDue()]));
  ctx.jobs.schedule('redpacket_expiry', { everyMs: EXPIRY_EVERY_MS });
  ctx.app.decorate('redPackets', { redPackets, rewards });
}
