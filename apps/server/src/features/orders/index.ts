import type { Jobs } from '../../platform/jobs/index.js';
import type { FastifyInstance } from 'fastify';
import type { Gate } from '../../platform/access/gate.js';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { SettingsService } from '../settings/index.js';
import type { Ledger } from '../wallet/index.js';
import { registerOrderRoutes } from './orders.routes.js';
import { OrderService } from './orders.service.js';
import { PayPasswords } from './pay-password.service.js';
import { rechargeKind } from './recharge.kind.js';
import { registerNotifyRoutes } from './providers/notify.routes.js';
import { SandboxProvider } from './providers/sandbox.js';
import { WechatPayProvider } from './providers/wechat-pay.js';
import { scheduleReconcile } from './reconcile.js';

/** Orders feature: order kinds, payments by wallet or provider, pay passwords (issue 12 item 2). */
export { OrderService } from './orders.service.js';
export type { PayReply, PaySource } from './orders.service.js';
export type { OrderKind, OrderPart, PaidContext, PaidOutcome, PreparedOrder } from './order-kind.js';
export type { OrderChildRow, OrderRow } from './orders.repository.js';
export { childrenOf as orderChildrenOf } from './orders.repository.js';
export type { PayProvider, PayAction, ProviderState } from './providers/provider.js';
export { reconcileOrders } from './reconcile.js';
export { WechatPayProvider } from './providers/wechat-pay.js';
export { SandboxProvider } from './providers/sandbox.js';
export { orderChildren, orders, payNotifies, payPasswordGuards } from './orders.table.js';
export { presentOrder } from './orders.presenter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order service (tests and the CLI reach it here; features get it from `mountOrders`). */
    orders: OrderService;
    /** The payment providers (tests configure and drive them). */
    payProviders: { sandbox: SandboxProvider; wechat: WechatPayProvider };
  }
}

/** Mounts the order calls with the recharge kind; money features register their kinds on `orders`. */
export function mountOrders(ctx: {
  app: FastifyInstance;
  route: Route;
  database: Database;
  gate: Gate;
  settings: SettingsService;
  config: Config;
  ledger: Ledger;
  jobs: Jobs;
}): { orders: OrderService } {
  const payPasswords = new PayPasswords(ctx.database.db, ctx.settings);
  const orders = new OrderService(ctx.database.db, ctx.ledger, ctx.gate, payPasswords, (err) =>
    ctx.app.log.warn({ err }, 'after-payment step failed'),
  );
  orders.registerKind(rechargeKind(ctx.settings));
  registerOrderRoutes(ctx.route, { orders, payPasswords, publicUrl: ctx.config.publicUrl });
  const sandbox = new SandboxProvider(ctx.settings);
  const wechat = new WechatPayProvider(ctx.settings);
  orders.registerProvider(sandbox);
  orders.registerProvider(wechat);
  registerNotifyRoutes(ctx.app, { db: ctx.database.db, orders, sandbox, wechat });
  scheduleReconcile(orders, ctx.jobs);
  ctx.app.decorate('orders', orders);
  ctx.app.decorate('payProviders', { sandbox, wechat });
  return { orders };
}
