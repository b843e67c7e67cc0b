import { createHmac, randomBytes } from 'node:crypto';

// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1 of the 30-second step counter,
// dynamically truncated to 6 digits. Secrets travel as RFC 4648 base32, as authenticator apps expect.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** Seconds per step. */
export const TOTP_STEP = 30;

/** Base32 without padding. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case and padding ignored); null when it holds other characters. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) return null;
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value of a counter. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(bin).padStart(digits, '0');
}

/** The step counter of a time (ms). */
export function totpCounter(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP);
}

/**
 * The counter a code matches, within one step either side (clock drift), or null. Callers refuse counters at or
 * below the last one used, so a code cannot be replayed.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const now = totpCounter(nowMs);
  for (const c of [now, now - 1, now + 1]) if (hotp(key, c) === code) return c;
  return null;
}

/** The `otpauth://` address authenticator apps read (from a QR code or pasted). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const q = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: String(TOTP_STEP),
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
