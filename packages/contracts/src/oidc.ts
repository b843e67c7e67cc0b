import { z } from 'zod';
import { defineCall } from './call.js';
import { loginResult } from './users.js';

/** What an OpenID Connect authorization is for: log in (or register), or bind my account. */
export const OIDC_ACTIONS = ['login', 'bind'] as const;

/** `GET users/oidc/authorize`: the provider's consent URL (authorization code with PKCE, a nonce). */
export const oidcAuthorize = defineCall({
  method: 'GET',
  path: '/api/v3/users/oidc/authorize',
  summary: 'OpenID Connect authorization URL',
  tags: ['oidc'],
  input: z.object({ action: z.enum(OIDC_ACTIONS).default('login') }),
  output: z.object({ location: z.string() }),
});

/**
 * `POST users/oidc/callback`: the provider's redirect back. A login answers the session (a known identity's
 * account, or a new one when registration allows); a bind answers `login: null`.
 */
export const oidcCallback = defineCall({
  method: 'POST',
  path: '/api/v3/users/oidc/callback',
  summary: 'Finish an OpenID Connect login or bind',
  tags: ['oidc'],
  input: z.object({ code: z.string().trim().min(1).max(2048), state: z.string().trim().min(1).max(200) }),
  output: z.object({ action: z.enum(OIDC_ACTIONS), login: loginResult.nullable() }),
});
