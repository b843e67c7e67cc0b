import {
  smsBind,
  smsLogin,
  smsRebind,
  smsResetPassword,
  smsResetPayPassword,
  smsSend,
  smsVerify,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import { accountRoutes } from '../../platform/http/account-routes.js';
import { client, withCookies } from '../users/index.js';
import type { SmsService } from './sms.service.js';

/** Mounts the text message calls (reference §1.1 `users/sms.*`). */
export function registerSmsRoutes(route: Route, sms: SmsService): void {
  // Guests' calls work before a full login, like username login (a closed or paid site still lets them in).
  const { guest, mine } = accountRoutes;

  route(smsSend, guest, async (input, { actor, req }) =>
    sms.send(actor, input.type, input.mobile, client(req).ip),
  );
  route(smsLogin, guest, async (input, { req, reply }) =>
    withCookies(req, reply, await sms.login(input.mobile, input.code, client(req))),
  );
  route(smsResetPassword, guest, async (input, { lang }) =>
    sms.resetPassword(input.mobile, input.code, input.password, lang),
  );
  route(smsVerify, mine, async (input, { actor }) => sms.verify(actor, input.code));
  route(smsBind, mine, async (input, { actor }) => sms.bind(actor, input.mobile, input.code));
  route(smsRebind, mine, async (input, { actor }) => sms.rebind(actor, input.mobile, input.code));
  route(smsResetPayPassword, mine, async (input, { actor }) =>
    sms.resetPayPassword(actor, input.code, input.payPassword),
  );
}
