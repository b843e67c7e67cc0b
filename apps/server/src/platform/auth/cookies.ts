import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, CSRF_COOKIE, TOKEN_TTL_MS, UID_COOKIE } from './tokens.js';

function base(req: FastifyRequest) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    maxAge: Math.floor(TOKEN_TTL_MS / 1000),
  };
}

/** Sets the HttpOnly token cookie, the readable CSRF cookie and the non-secret uid marker; returns the CSRF value. */
export function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  accessToken: string,
  userId: number,
): string {
  const csrf = randomBytes(18).toString('base64url');
  reply.setCookie(ACCESS_COOKIE, accessToken, { ...base(req), httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrf, { ...base(req), httpOnly: false });
  reply.setCookie(UID_COOKIE, String(userId), { ...base(req), httpOnly: false });
  return csrf;
}

/** Clears all three session cookies. */
export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [ACCESS_COOKIE, CSRF_COOKIE, UID_COOKIE]) reply.clearCookie(name, { path: '/' });
}
