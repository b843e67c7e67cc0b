import { randomBytes } from 'node:crypto';
import {
  Code,
  twoFactorDisable,
  twoFactorEnable,
  twoFactorLogin,
  twoFactorSetup,
  twoFactorStatus,
} from '@forum/contracts';
import { accountRoutes } from '../../platform/http/account-routes.js';
import type { Guard, Route } from '../../platform/http/router.js';
import { AppError } from '../../platform/http/errors.js';
import { langOf, pick } from '../../platform/http/lang.js';
import type { ForumServices } from '../../services.js';
import { client, withCookies } from '../users/index.js';
import { TwoFactorService } from './two-factor.service.js';

export { TwoFactorService } from './two-factor.service.js';

/** Mounts two-factor authentication: enrolment calls, the second login step, the administrators' guard. */
export async function mountTwoFactor(
  ctx: Pick<ForumServices, 'database' | 'settings' | 'users'> & { route: Route; guards: Guard[] },
): Promise<TwoFactorService> {
  const { settings, route } = ctx;
  if (!settings.get('two_factor_secret')) {
    await settings.set([
      { key: 'two_factor_secret', tag: 'two_factor', value: randomBytes(32).toString('hex') },
    ]);
  }
  const tf = new TwoFactorService(ctx.database.db, settings, ctx.users);
  ctx.users.secondFactor = (user) => tf.pendingToken(user);
  const { guest, mine } = accountRoutes;
  route(twoFactorStatus, { auth: 'required', status: 'allowPending' }, async (_i, { actor }) =>
    tf.status(actor),
  );
  route(twoFactorSetup, mine, async (_i, { actor }) => tf.setup(actor));
  route(twoFactorEnable, mine, async (input, { actor }) => tf.enable(actor, input.code));
  route(twoFactorDisable, mine, async (input, { actor }) => tf.disable(actor, input.code));
  route(twoFactorLogin, guest, async (input, { req, reply, lang }) =>
    withCookies(req, reply, await tf.login(input.twoFactorToken, input.code, client(req), lang)),
  );
  // Enforced for administrators: their admin calls wait until they turn it on (they still log in to do so).
  ctx.guards.push(async (actor, options, req) => {
    if (!options.admin || !actor.isAdmin || !tf.adminRequired()) return;
    if (!(await tf.enabled(actor.userId!))) {
      const message = pick(langOf(req), {
        zh: '本站要求管理员先开启两步验证（个人中心 › 账号设置）',
        en: 'Turn on two-factor authentication first (My › Settings): this site requires it of administrators',
      });
      throw new AppError(Code.UNAUTHORIZED, message, { twoFactorRequired: true });
    }
  });
  return tf;
}
