import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OrderStatus } from '@forum/contracts';
import { AppError } from '../../../platform/http/errors.js';
import { fenToYuan } from '../../wallet/index.js';
import type { OrderService } from '../orders.service.js';
import { orderBySn } from '../orders.repository.js';
import type { Db } from '../../../platform/db/db.js';
import type { NotifyCheck } from './notify-window.js';
import type { SandboxNotice, SandboxProvider } from './sandbox.js';
import type { WechatPayProvider } from './wechat-pay.js';

/**
 * The providers' callbacks (`/api/trade/notify/<provider>`, the raw bytes kept for the signature check) and
 * the sandbox's own payment page. Every callback is verified first, then settled once in one transaction with
 * its record; a refused one is kept for the record and changes nothing.
 */
export function registerNotifyRoutes(
  app: FastifyInstance,
  deps: { db: Db; orders: OrderService; sandbox: SandboxProvider; wechat: WechatPayProvider },
): void {
  const { orders, sandbox, wechat } = deps;
  void app.register(async (scope) => {
    // Raw text for JSON (signatures cover the exact bytes) and forms (the sandbox page's buttons).
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const settle = async (provider: string, check: NotifyCheck, raw: string, reply: FastifyReply) => {
      if (!check.ok) {
        await orders.refusedNotify(provider, raw, check.why);
        return reply.code(400).send({ code: 'FAIL', message: check.why });
      }
      try {
        await orders.acceptNotify(check.notice);
        return reply.code(200).send({ code: 'SUCCESS', message: '' });
      } catch (err) {
        const why = err instanceof AppError ? err.message : 'not processed';
        if (!(err instanceof AppError)) app.log.error({ err }, 'payment callback failed');
        await orders.refusedNotify(provider, raw, why);
        return reply.code(err instanceof AppError ? 400 : 500).send({ code: 'FAIL', message: why });
      }
    };

    scope.post('/api/trade/notify/wechat', async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      return settle(wechat.name, wechat.verifyNotify(req.headers, raw), raw, reply);
    });
    scope.post('/api/trade/notify/sandbox', async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      return settle(sandbox.name, await sandbox.verifyNotify(req.headers, raw), raw, reply);
    });

    // The sandbox's "bank": a page with complete and fail buttons for a pending sandbox order.
    scope.get<{ Params: { orderSn: string }; Querystring: { return?: string } }>(
      '/pay/sandbox/:orderSn',
      async (req, reply) => {
        const order = sandbox.enabled()
          ? await orderBySn(deps.db, req.params.orderSn).catch(() => null)
          : null;
        const open = order?.provider === sandbox.name && order.status === OrderStatus.PENDING;
        const back = safeReturn(req.query.return);
        return page(
          reply,
          !order || order.provider !== sandbox.name
            ? '<p>未找到沙箱订单 / No such sandbox order</p>'
            : `<h1>沙箱支付 / Sandbox payment</h1>
<p>${esc(order.title || order.orderSn)}</p><p class="amount">¥ ${fenToYuan(order.amountFen)}</p>
<p class="sn">${esc(order.orderSn)}</p>
${
  open
    ? `<form method="post"><input type="hidden" name="return" value="${esc(back)}">
<button name="outcome" value="paid" id="sandbox-complete">完成支付 / Complete</button>
<button name="outcome" value="failed" id="sandbox-fail" class="fail">支付失败 / Fail</button></form>`
    : `<p>订单状态 / Order status: ${order.status}</p>`
}`,
        );
      },
    );
    scope.post<{ Params: { orderSn: string }; Body: { outcome?: string; return?: string } }>(
      '/pay/sandbox/:orderSn',
      async (req, reply) => {
        const order = sandbox.enabled()
          ? await orderBySn(deps.db, req.params.orderSn).catch(() => null)
          : null;
        if (!order || order.provider !== sandbox.name)
          return page(reply.code(404), '<p>No such sandbox order</p>');
        const notice: SandboxNotice = {
          orderSn: order.orderSn,
          tradeNo: `SBX${randomBytes(9).toString('hex')}`,
          amountFen: order.amountFen.toString(),
          outcome: req.body?.outcome === 'paid' ? 'paid' : 'failed',
        };
        const body = JSON.stringify(notice);
        // The callback goes through the public endpoint, exactly as a provider's would.
        const res = await app.inject({
          method: 'POST',
          url: '/api/trade/notify/sandbox',
          headers: { 'content-type': 'application/json', ...(await sandbox.sign(body)) },
          payload: body,
        });
        const back = safeReturn(req.body?.return);
        if (back && res.statusCode === 200) return reply.redirect(back, 303);
        return page(
          reply,
          `<p id="sandbox-result">${res.statusCode === 200 ? notice.outcome : 'refused'}</p>`,
        );
      },
    );
  });
}

/** Only a path on this site (never `//host`) may be returned to. */
function safeReturn(v: unknown): string {
  return typeof v === 'string' && /^\/(?![/\\])[^\s]*$/.test(v) ? v : '';
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(reply: FastifyReply, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title><style>body{font:16px system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;text-align:center}
.amount{font-size:32px;font-weight:600}.sn{color:#888;font-size:12px}button{display:block;width:100%;margin:12px 0;padding:12px;font-size:16px;border:0;border-radius:6px;background:#2469f6;color:#fff;cursor:pointer}
button.fail{background:#eee;color:#333}</style></head><body>${body}</body></html>`,
    );
}
