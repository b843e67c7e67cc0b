import type { FastifyInstance } from 'fastify';
import {
  emailGet,
  emailNotifySet,
  emailResetPassword,
  emailResetSend,
  emailSet,
  emailUnsubscribe,
  emailVerify,
  mailTest,
  userLangSet,
} from '@forum/contracts';
import { accountRoutes } from '../../platform/http/account-routes.js';
import { AppError } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import type { EmailAccountService } from './email-account.service.js';
import type { MailAdmin } from './mail-admin.js';
import { ONE_CLICK_PATH } from './mail-notices.js';

/** Mounts a member's email calls, password reset by email, the unsubscribe link and the admin's test send. */
export function registerMailRoutes(route: Route, account: EmailAccountService, admin: MailAdmin): void {
  const { guest, mine } = accountRoutes;
  route(emailGet, { ...mine, rateClass: 'read' }, async (_input, { actor }) => account.status(actor));
  route(emailSet, mine, async (input, { actor, lang }) => account.setEmail(actor, input.email, lang));
  route(emailNotifySet, mine, async (input, { actor, lang }) => account.setNotify(actor, input.notify, lang));
  route(userLangSet, { ...mine, rateClass: 'write' }, async (input, { actor }) =>
    account.setLang(actor, input.lang),
  );
  // Links from email work logged out: the token (or the signed key) is the credential.
  route(emailVerify, guest, async (input) => account.verify(input.token));
  route(emailResetSend, guest, async (input, { lang }) => account.sendReset(input.email, lang));
  route(emailResetPassword, guest, async (input, { lang }) =>
    account.resetPassword(input.token, input.password, lang),
  );
  route(emailUnsubscribe, guest, async (input) => account.unsubscribe(input.u, input.k));
  route(mailTest, { admin: true }, async (input, { lang }) => admin.test(input.to, lang));
}

/**
 * The one-click unsubscribe of RFC 8058: mail programs POST `List-Unsubscribe=One-Click` (a form, urlencoded or
 * multipart) to the `List-Unsubscribe` address, without cookies. The key in the address is the credential; the
 * body is not needed. A plain route in its own scope, since the API takes JSON only.
 */
export function registerOneClick(app: FastifyInstance, account: EmailAccountService): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Querystring: { u?: string; k?: string } }>(ONE_CLICK_PATH, async (req, reply) => {
      const u = Number(req.query.u);
      const k = String(req.query.k ?? '');
      if (!Number.isInteger(u) || u <= 0 || !/^[A-Za-z0-9_-]{20,100}$/.test(k))
        return reply.code(400).type('text/plain').send('bad unsubscribe link');
      try {
        await account.unsubscribe(u, k);
        return reply.code(200).type('text/plain').send('unsubscribed');
      } catch (err) {
        if (err instanceof AppError) return reply.code(400).type('text/plain').send('bad unsubscribe link');
        throw err;
      }
    });
  });
}
