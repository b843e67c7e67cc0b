import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the third-party flows (OAuth state, pending binding, QR session): a random part and its HMAC with
 * the site's secret. A forged token fails the signature before any database read; a copied one is spent once
 * (the row's `used_at`). Rows are keyed by the sha256 of the token.
 */
export class FlowTokens {
  constructor(private readonly secret: () => string) {}

  /** A new token and its row id. */
  issue(): { token: string; id: string } {
    const random = randomBytes(24).toString('base64url');
    const token = `${random}.${this.sign(random)}`;
    return { token, id: rowId(token) };
  }

  /** The row id of a genuine token; null for a forged or malformed one. */
  verify(token: string): string | null {
    const [random, mac, extra] = token.split('.');
    if (!random || !mac || extra !== undefined) return null;
    const want = Buffer.from(this.sign(random));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return rowId(token);
  }

  private sign(random: string): string {
    return createHmac('sha256', this.secret()).update(random).digest('base64url');
  }
}

function rowId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
