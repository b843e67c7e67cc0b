import {
  orderCreate,
  orderDetail,
  payPasswordReset,
  payPasswordStatus,
  payPasswordUpdate,
  payTypes,
  tradePayOrder,
} from '@forum/contracts';
import type { FastifyRequest } from 'fastify';
import type { Route } from '../../platform/http/router.js';
import type { OrderService } from './orders.service.js';
import type { PayPasswords } from './pay-password.service.js';

/** Mounts the order, payment and pay-password calls (reference §1.9); all need a signed-in member. */
export function registerOrderRoutes(
  route: Route,
  deps: { orders: OrderService; payPasswords: PayPasswords; publicUrl: string | undefined },
): void {
  const { orders, payPasswords } = deps;
  // Served to unpaid members of a pay-mode site: they pay through these calls (reference §1.10 whitelist).
  const member = { auth: 'required' as const, payExempt: true };
  // Orders and payments change nothing a guest sees, except through a kind, which then drops the shared caches
  // itself once paid (a tip or a sale shows on its thread): a pending order or a refused payment keeps them.
  const write = { ...member, keepsGuestCache: true };
  const baseUrl = (req: FastifyRequest) => deps.publicUrl ?? `${req.protocol}://${req.host}`;
  route(orderCreate, write, async (input, { actor }) => orders.create(actor, input));
  route(orderDetail, member, async (input, { actor }) => orders.detail(actor, input.orderSn));
  // The original allows 3 payments per 30 s; the router's strictest class (auth) is the nearest.
  route(tradePayOrder, { ...write, rateClass: 'auth' }, async (input, { actor, req }) =>
    orders.pay(actor, input, { baseUrl: baseUrl(req), clientIp: req.ip }),
  );
  route(payTypes, member, async () => ({ paymentTypes: orders.paymentTypes() }));
  route(payPasswordStatus, member, async (_input, { actor }) => payPasswords.status(actor.userId!));
  route(payPasswordReset, { ...write, rateClass: 'auth' }, async (input, { actor }) =>
    payPasswords.reset(actor.userId!, input.payPassword),
  );
  route(payPasswordUpdate, { ...write, rateClass: 'auth' }, async (input, { actor }) =>
    payPasswords.update(actor.userId!, input.payPassword, input.payPasswordToken),
  );
}
