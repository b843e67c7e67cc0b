import type { FastifyRequest } from 'fastify';
import { oidcAuthorize, oidcCallback } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import { accountRoutes } from '../../platform/http/account-routes.js';
import { client, withCookies } from '../users/index.js';
import type { OidcService } from './oidc.service.js';

/** Mounts the OpenID Connect calls (`users/oidc/*`); they work before a full login, like the other logins. */
export function registerOidcRoutes(route: Route, oidc: OidcService, origin: (req: FastifyRequest) => string) {
  const { guest } = accountRoutes;
  route(oidcAuthorize, guest, async (input, { actor, req }) =>
    oidc.authorize(actor, input.action, origin(req)),
  );
  route(oidcCallback, guest, async (input, { actor, req, reply }) => {
    const r = await oidc.callback(actor, input.code, input.state, client(req));
    return { action: r.action, login: r.login ? withCookies(req, reply, r.login) : null };
  });
}
