import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code, type CaptchaChallenge } from '@forum/contracts';
import { AppError } from '../../platform/http/errors.js';

/** A captcha provider: the proof of work below, the arithmetic one, or a hosted one plugged in later. */
export interface CaptchaProvider {
  /** A new challenge for the client. */
  issue(): CaptchaChallenge;
  /** True when the answer solves the ticket (and, for single-use providers, the ticket was not used before). */
  verify(ticket: string, answer: string): Promise<boolean>;
}

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The digest a nonce is judged by: sha256 of `challenge:nonce`. */
export function powDigest(challenge: string, nonce: string): Buffer {
  return createHash('sha256').update(`${challenge}:${nonce}`).digest();
}

const TTL_MS = 5 * 60_000;

/**
 * Self-hosted proof of work: the server signs a random challenge with its difficulty and expiry (stateless, any
 * instance checks it); the browser searches a nonce whose sha256 has that many leading zero bits; a solved
 * ticket is spent once (`spend` records it). Costs a browser about a second, a bulk script the same per try.
 */
export class ProofOfWorkCaptcha implements CaptchaProvider {
  constructor(
    private readonly secret: () => string,
    private readonly difficulty: () => number,
    private readonly spend: (ticketHash: string, expiresAt: Date) => Promise<boolean>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  issue(): CaptchaChallenge {
    const challenge = randomBytes(16).toString('hex');
    const difficulty = this.difficulty();
    const exp = this.now() + TTL_MS;
    const body = `${exp}.${challenge}.${difficulty}`;
    return { ticket: `${body}.${this.mac(body)}`, question: '', pow: { challenge, difficulty } };
  }

  async verify(ticket: string, answer: string): Promise<boolean> {
    const [exp, challenge, difficulty, mac, ...rest] = ticket.split('.');
    if (!exp || !challenge || !difficulty || !mac || rest.length) return false;
    const want = Buffer.from(this.mac(`${exp}.${challenge}.${difficulty}`), 'hex');
    const got = Buffer.from(mac, 'hex');
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    if (Number(exp) < this.now() || !/^\d{1,16}$/.test(answer)) return false;
    if (leadingZeroBits(powDigest(challenge, answer)) < Number(difficulty)) return false;
    return this.spend(createHash('sha256').update(ticket).digest('hex'), new Date(Number(exp)));
  }

  private mac(s: string): string {
    return createHmac('sha256', this.secret()).update(s).digest('hex');
  }
}

/** Throws -4001 (Data `{captcha: true}`, which clients look for) unless the ticket and answer pass the provider. */
export async function requireCaptcha(
  provider: CaptchaProvider,
  ticket?: string,
  answer?: string,
): Promise<void> {
  if (!ticket || !answer || !(await provider.verify(ticket, answer))) {
    throw new AppError(Code.INVALID_PARAMETER, 'captcha: wrong or expired answer', { captcha: true });
  }
}
