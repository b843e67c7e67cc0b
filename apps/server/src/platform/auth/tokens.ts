import { hash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Access and refresh tokens live 30 days (reference §1.1). */
export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Cookie names: the HttpOnly token, the double-submit CSRF value and the non-secret logged-in marker. */
export const ACCESS_COOKIE = 'access_token';
export const CSRF_COOKIE = 'csrf_token';
export const UID_COOKIE = 'forum_uid';

/** 32 random bytes, base64url: 256 bits from the CSPRNG. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  // The one-shot hash: asked on every signed-in request, and cheaper than a Hash object each time.
  return hash('sha256', token, 'hex');
}

/**
 * {@link tokenFromRequest} from raw headers (before Fastify has parsed cookies: pages' fast path): the token,
 * null when there is none, or undefined when the cookie is anything but plain (left to the cookie parser).
 */
export function tokenFromHeaders(
  headers: IncomingHttpHeaders,
): { token: string; via: 'bearer' | 'cookie' } | null | undefined {
  const auth = headers.authorization;
  if (auth && /^Bearer\s+/i.test(auth)) {
    const token = auth.replace(/^Bearer\s+/i, '').trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = headers.cookie;
  if (!cookie?.includes(`${ACCESS_COOKIE}=`)) return null;
  const m = ACCESS_COOKIE_VALUE.exec(cookie);
  const token = m?.[1];
  if (
    !token ||
    /[%"\s]/.test(token) ||
    cookie.indexOf(`${ACCESS_COOKIE}=`) !== cookie.lastIndexOf(`${ACCESS_COOKIE}=`)
  )
    return undefined;
  return { token, via: 'cookie' };
}
const ACCESS_COOKIE_VALUE = /(?:^|;\s*)access_token=([^;]*)/;

/** The token a request carries and how: Bearer header first, then the cookie, then `?token=`. */
export function tokenFromRequest(req: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const auth = req.headers.authorization;
  if (auth && /^Bearer\s+/i.test(auth)) {
    const token = auth.replace(/^Bearer\s+/i, '').trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = req.cookies?.[ACCESS_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}
