import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

/** Why an ID token was refused (the caller answers one code for all; the reason goes to the log). */
export class IdTokenError extends Error {}

/** The claims this forum reads from an ID token. */
export interface IdClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat?: number;
  nonce?: string;
  azp?: string;
  name?: string;
  preferred_username?: string;
  email?: string;
}

function part(s: string | undefined): unknown {
  if (!s) throw new IdTokenError('malformed token');
  try {
    return JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    throw new IdTokenError('malformed token');
  }
}

/**
 * Checks an ID token (OpenID Connect Core §3.1.3.7): RS256 only, signed by a key of the provider's JWKS (by
 * `kid`), issuer, audience (and `azp` when several), expiry with a minute of clock skew, and the nonce.
 */
export function verifyIdToken(
  token: string,
  keys: JsonWebKey[],
  want: { issuer: string; clientId: string; nonce: string; now?: number },
): IdClaims {
  const [h, p, s, extra] = token.split('.');
  if (extra !== undefined || !s) throw new IdTokenError('malformed token');
  const header = part(h) as { alg?: string; kid?: string };
  // Never trust the token's own choice of algorithm: "none" and HMAC with the public key are the classic forgeries.
  if (header.alg !== 'RS256') throw new IdTokenError(`unsupported alg ${String(header.alg)}`);
  const candidates = keys.filter(
    (k) => k.kty === 'RSA' && (!header.kid || k.kid === header.kid) && (!k.use || k.use === 'sig'),
  );
  const data = Buffer.from(`${h}.${p}`);
  const sig = Buffer.from(s, 'base64url');
  const ok = candidates.some((k) =>
    verify('RSA-SHA256', data, createPublicKey({ key: k, format: 'jwk' }), sig),
  );
  if (!ok) throw new IdTokenError('bad signature');
  const c = part(p) as IdClaims;
  const now = Math.floor((want.now ?? Date.now()) / 1000);
  if (c.iss !== want.issuer) throw new IdTokenError('wrong issuer');
  const aud = Array.isArray(c.aud) ? c.aud : [c.aud];
  if (!aud.includes(want.clientId)) throw new IdTokenError('wrong audience');
  if (aud.length > 1 && c.azp !== want.clientId) throw new IdTokenError('wrong azp');
  if (typeof c.exp !== 'number' || c.exp + 60 < now) throw new IdTokenError('expired');
  if (typeof c.iat === 'number' && c.iat - 60 > now) throw new IdTokenError('issued in the future');
  if (!c.nonce || c.nonce !== want.nonce) throw new IdTokenError('wrong nonce');
  if (typeof c.sub !== 'string' || !c.sub) throw new IdTokenError('no subject');
  return c;
}
