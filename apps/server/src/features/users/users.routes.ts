import {
  logout,
  nicknameSet,
  refreshToken,
  userDetail,
  usernameCheck,
  usernameLogin,
  usernameRegister,
  usersList,
  type LoginResult,
} from '@forum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Gate } from '../../platform/access/gate.js';
import { clearSessionCookies, setSessionCookies } from '../../platform/auth/cookies.js';
import { accountRoutes } from '../../platform/http/account-routes.js';
import { checkStatus, type Route } from '../../platform/http/router.js';
import type { UsersService } from './users.service.js';
import { originalUserCards, relationFlags } from './users.presenter.js';

/** Where a request came from (audit columns, lockouts, limits). */
export function client(req: FastifyRequest) {
  return { ip: req.ip ?? 'unknown', userAgent: String(req.headers['user-agent'] ?? '') };
}

/** Login-like replies also set the session cookies; the CSRF value travels in Data for the page script. */
export function withCookies(req: FastifyRequest, reply: FastifyReply, result: LoginResult): LoginResult {
  result.csrfToken = setSessionCookies(req, reply, result.accessToken, result.userId);
  return result;
}

/** Mounts the account calls. */
export function registerUsersRoutes(route: Route, deps: { users: UsersService; gate: Gate }): void {
  const { users, gate } = deps;
  // Login, registration and refresh work before a full login (a closed or paid site still lets them in).
  const { guest } = accountRoutes;

  route(usernameRegister, guest, async (input, { req, reply, lang }) =>
    withCookies(req, reply, await users.register(input, client(req), lang)),
  );
  route(usernameLogin, guest, async (input, { req, reply, lang }) =>
    withCookies(req, reply, await users.login(input, client(req), lang)),
  );
  route(refreshToken, guest, async (input, { req, reply }) =>
    withCookies(req, reply, await users.refresh(input.refreshToken, client(req))),
  );
  route(
    logout,
    { status: 'skip', siteClosedExempt: true, payExempt: true },
    async (_input, { actor, reply }) => {
      await users.logout(actor);
      clearSessionCookies(reply);
      return null;
    },
  );
  route(userDetail, { status: 'allowPending', payExempt: true }, async (input, { actor }) => {
    const other = input.userId !== undefined && input.userId !== actor.userId;
    if (other) {
      // Pending users may read their own account (for the status page) but not browse others.
      checkStatus(actor, 'enforce');
      gate.authorize(actor, 'user.view');
    }
    const profile = await users.profile(actor, input.userId);
    const pinned = users.pinnedThread ? { pinnedThreadId: await users.pinnedThread(profile.userId) } : {};
    // A member looking at someone else also learns how the two relate (follows feature, when mounted).
    if (other && actor.userId !== null && users.relations) {
      const rel = await users.relations(actor.userId, profile.userId);
      return { ...profile, ...pinned, ...rel, ...relationFlags(rel) };
    }
    return { ...profile, ...pinned, ...relationFlags(null) };
  });
  route(usersList, { payExempt: true, original: originalUserCards }, async (input, { actor }) => {
    gate.authorize(actor, 'user.view');
    const page = await users.search.list(input.filter, input.page, input.perPage);
    if (actor.userId === null || !users.relationsOf) return page;
    const rel = await users.relationsOf(
      actor.userId,
      page.pageData.map((u) => u.userId),
    );
    const withRelation = (u: (typeof page.pageData)[number]) => {
      const { isFollow, isMutualFollow } = relationFlags(rel.get(u.userId));
      return { ...u, isFollow, isMutualFollow };
    };
    return { ...page, pageData: page.pageData.map(withRelation) };
  });
  route(usernameCheck, { status: 'skip', rateClass: 'auth', keepsGuestCache: true }, async (input) => ({
    available: await users.usernameAvailable(input.username),
  }));
  route(nicknameSet, { auth: 'required', status: 'allowPending' }, async (input, { actor }) =>
    users.setNickname(actor, input.nickname),
  );
}
