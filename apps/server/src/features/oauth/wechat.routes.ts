import type { FastifyRequest } from 'fastify';
import {
  wechatBindPhone,
  wechatBindUsername,
  wechatGenQrcode,
  wechatH5Bind,
  wechatH5Login,
  wechatH5Qrcode,
  wechatH5Rebind,
  wechatOauth,
  wechatPollBind,
  wechatPollLogin,
  wechatRegister,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import { accountRoutes } from '../../platform/http/account-routes.js';
import { client, withCookies } from '../users/index.js';
import type { WechatService } from './wechat.service.js';

/** Mounts the WeChat calls (reference §1.1 and §2.3: `users/mobilebrowser/wechat`, `users/wechat`, `users/pc/wechat`). */
export function registerWechatRoutes(
  route: Route,
  wx: WechatService,
  origin: (req: FastifyRequest) => string,
): void {
  // The login steps work before a full login, like username login (a closed or paid site still lets them in).
  const { guest, mine } = accountRoutes;
  // Polls come every couple of seconds: the read class (the original allows 50 per 30 s).
  const poll = { ...guest, rateClass: 'read' } as const;

  route(wechatOauth, guest, async (input, { actor, req }) =>
    wx.oauthUrl(actor, input.action, input.sessionToken, origin(req)),
  );
  route(wechatH5Login, guest, async (input, { req, reply }) =>
    withCookies(req, reply, await wx.login(input.code, input.state, client(req), input.inviteCode)),
  );
  route(wechatH5Bind, mine, async (input, { actor, lang }) => wx.bind(actor, input.code, input.state, lang));
  route(wechatH5Rebind, mine, async (input, { actor, lang }) =>
    wx.rebind(actor, input.code, input.state, lang),
  );
  route(wechatH5Qrcode, guest, async (input) => wx.completeQr(input.code, input.state));
  route(wechatRegister, guest, async (input, { req, reply }) =>
    withCookies(req, reply, await wx.register(input.sessionToken, client(req), input.inviteCode)),
  );
  route(wechatBindUsername, guest, async (input, { req, reply, lang }) =>
    withCookies(
      req,
      reply,
      await wx.bindUsername(input.sessionToken, input.username, input.password, client(req), lang),
    ),
  );
  route(wechatBindPhone, guest, async (input, { req, reply }) =>
    withCookies(req, reply, await wx.bindPhone(input.sessionToken, input.mobile, input.code, client(req))),
  );
  route(wechatGenQrcode, guest, async (input, { actor, req }) =>
    wx.genQrcode(actor, input.type, origin(req)),
  );
  route(wechatPollLogin, poll, async (input, { req, reply }) =>
    withCookies(req, reply, await wx.pollLogin(input.sessionToken, client(req))),
  );
  route(wechatPollBind, { ...mine, rateClass: 'read' }, async (input, { actor }) =>
    wx.pollBind(actor, input.sessionToken),
  );
}
