import { z } from 'zod';
import { defineCall } from './call.js';
import { boolish, idField } from './fields.js';
import { yuanAmount } from './wallet.js';

/** Order statuses (reference §1.9). */
export const OrderStatus = {
  PENDING: 0,
  PAID: 1,
  CANCELLED: 2,
  FAILED: 3,
  EXPIRED: 4,
  PART_REFUNDED: 5,
  REFUNDED: 10,
  UNTREATED: 11,
} as const;

/** Payment types (reference §1.9); 90 is ours, the built-in sandbox provider. */
export const PaymentType = {
  WECHAT_NATIVE: 10,
  WECHAT_H5: 11,
  WECHAT_JSAPI: 12,
  WECHAT_MINI: 13,
  WALLET: 20,
  SANDBOX: 90,
} as const;

/** Minutes a pending order may be paid (reference §1.9: expires after 15 minutes). */
export const ORDER_EXPIRY_MINUTES = 15;

/** A pay password: six digits, as the original. */
export const payPasswordField = z.string().regex(/^\d{6}$/, 'payPassword must be six digits');

/** An order's 22-character number. */
export const orderSnField = z
  .string()
  .trim()
  .regex(/^\d{22}$/, 'orderSn must be 22 digits');

/** A client's idempotency key. */
export const idempotencyKeyField = z.string().trim().min(8).max(100);

/** One part of a merged order (type 11): the red packet's (9) or the bounty's (10) share of the amount. */
export const orderChildView = z.object({
  type: z.number().int(),
  /** Yuan with two decimals. */
  amount: z.string(),
  amountFen: z.number().int(),
});
/** An order part view. */
export type OrderChildView = z.infer<typeof orderChildView>;

/** An order as its payer (or an administrator) sees it. */
export const orderView = z.object({
  id: z.number().int(),
  orderSn: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  /** Yuan with two decimals. */
  amount: z.string(),
  amountFen: z.number().int(),
  title: z.string(),
  userId: z.number().int(),
  payeeId: z.number().int().nullable(),
  threadId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  paymentType: z.number().int().nullable(),
  isAnonymous: z.boolean(),
  expiredAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** A merged order's parts (reference §1.9 `order_children`); absent for every other type. */
  children: z.array(orderChildView).optional(),
});
/** An order view. */
export type OrderView = z.infer<typeof orderView>;

/** What `order.create` takes (the original's fields) plus our optional idempotency key. */
export const orderCreateInput = z.object({
  type: z.coerce.number().int().min(1).max(99),
  amount: yuanAmount.optional(),
  threadId: idField.optional(),
  groupId: idField.optional(),
  payeeId: idField.optional(),
  isAnonymous: boolish.default(false),
  /** A merged order (type 11): the red packet's and the bounty's prices, each checked against its block. */
  redAmount: yuanAmount.optional(),
  rewardAmount: yuanAmount.optional(),
  /** Ours: a repeated key answers the order the first call made. */
  idempotencyKey: idempotencyKeyField.optional(),
  /**
   * Ours: pay from the wallet in the same call, by pay password or an open pay session's token. The order is
   * created and paid in one transaction, or not at all (one request instead of `order.create` then
   * `trade/pay/order`; needs `trade.pay.order` too).
   */
  walletPay: z
    .object({
      payPassword: z.string().max(20).optional(),
      payToken: z.string().max(200).optional(),
    })
    .refine((v) => v.payPassword !== undefined || v.payToken !== undefined, {
      path: ['payPassword'],
      message: 'payPassword is required for a wallet payment',
    })
    .optional(),
});
/** Parsed `order.create` input. */
export type OrderCreateInput = z.output<typeof orderCreateInput>;

/** `POST order.create`: a pending order of one type (needs `order.create`). */
export const orderCreate = defineCall({
  method: 'POST',
  path: '/api/v3/order.create',
  summary: 'Create an order',
  tags: ['orders'],
  input: orderCreateInput,
  output: orderView.extend({
    /** Paid with `walletPay` by pay password: a new pay session, as `trade/pay/order` answers it. */
    payToken: z.string().optional(),
    payTokenExpiresAt: z.string().optional(),
  }),
});

/** `GET order.detail?orderSn=`: my order (administrators: any). */
export const orderDetail = defineCall({
  method: 'GET',
  path: '/api/v3/order.detail',
  summary: 'An order',
  tags: ['orders'],
  input: z.object({ orderSn: orderSnField }),
  output: orderView,
});

/** What a provider asks the client to do next (only the fields of the chosen payment type are set). */
export const payAction = z.object({
  /** Wallet: the payment went through. */
  walletPayResult: z.object({ result: z.literal('success'), message: z.string() }).optional(),
  /** WeChat native (pc): the QR code's content. */
  wechatQrcode: z.string().optional(),
  /** WeChat H5: where to send the browser. */
  wechatH5Link: z.string().optional(),
  /** WeChat JSAPI: the signed parameters for `WeixinJSBridge`. */
  wechatJs: z.record(z.string(), z.string()).optional(),
  /** Sandbox: our own payment page. */
  sandboxUrl: z.string().optional(),
});

/** `POST trade/pay/order`: pay a pending order by wallet (pay password) or a provider. */
export const tradePayOrder = defineCall({
  method: 'POST',
  path: '/api/v3/trade/pay/order',
  summary: 'Pay an order',
  tags: ['orders'],
  input: z
    .object({
      orderSn: orderSnField,
      paymentType: z.coerce.number().int(),
      payPassword: z.string().max(20).optional(),
      /** Ours: instead of the pay password, the token of a pay session still open (see the reply). */
      payToken: z.string().max(200).optional(),
      /** Ours: a repeated key answers the first result. */
      idempotencyKey: idempotencyKeyField.optional(),
    })
    .refine(
      (v) => v.paymentType !== PaymentType.WALLET || v.payPassword !== undefined || v.payToken !== undefined,
      { path: ['payPassword'], message: 'payPassword is required for a wallet payment' },
    ),
  output: payAction.extend({
    orderSn: z.string(),
    paymentType: z.number().int(),
    status: z.number().int(),
    /**
     * Ours, after a wallet payment by pay password: a pay session (5 minutes) whose token the next wallet
     * payments may send instead of the pay password; changing the pay password ends it.
     */
    payToken: z.string().optional(),
    payTokenExpiresAt: z.string().optional(),
  }),
});

/** `POST users/pay-password/reset`: checks the current pay password and answers a token to change it. */
export const payPasswordReset = defineCall({
  method: 'POST',
  path: '/api/v3/users/pay-password/reset',
  summary: 'Check my pay password before changing it',
  tags: ['orders'],
  input: z.object({ payPassword: z.string().max(20) }),
  output: z.object({ sessionId: z.string() }),
});

/**
 * `POST users/pay-password.update` (the original put these fields on `users/update.user`): sets my pay
 * password; changing an existing one needs the `payPasswordToken` from `users/pay-password/reset`.
 */
export const payPasswordUpdate = defineCall({
  method: 'POST',
  path: '/api/v3/users/pay-password.update',
  summary: 'Set or change my pay password',
  tags: ['orders'],
  input: z
    .object({
      payPassword: payPasswordField,
      payPasswordConfirmation: z.string().max(20),
      payPasswordToken: z.string().max(100).optional(),
    })
    .refine((v) => v.payPassword === v.payPasswordConfirmation, {
      path: ['payPasswordConfirmation'],
      message: 'payPasswordConfirmation does not match payPassword',
    }),
  output: z.object({ hasPayPassword: z.literal(true) }),
});

/** `GET users/pay-password`: whether I have set a pay password. */
export const payPasswordStatus = defineCall({
  method: 'GET',
  path: '/api/v3/users/pay-password',
  summary: 'Whether I have a pay password',
  tags: ['orders'],
  input: z.object({}),
  output: z.object({ hasPayPassword: z.boolean(), failuresLeft: z.number().int() }),
});

/** `GET trade/pay.types` (ours): the payment types this site offers now (wallet 20 and enabled providers). */
export const payTypes = defineCall({
  method: 'GET',
  path: '/api/v3/trade/pay.types',
  summary: 'Payment types on offer',
  tags: ['orders'],
  input: z.object({}),
  output: z.object({ paymentTypes: z.array(z.number().int()) }),
});
