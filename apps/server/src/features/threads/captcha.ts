import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Code } from '@forum/contracts';
import { AppError } from '../../platform/http/errors.js';

/** A captcha provider: the built-in one below, or a real one (Tencent, hCaptcha) plugged in by config or plugin. */
export interface CaptchaProvider {
  /** A new challenge for the client (the built-in one asks a sum). */
  issue(): { ticket: string; question: string };
  /** True when the client's answer to the ticket is right. */
  verify(ticket: string, answer: string): Promise<boolean>;
}

const TTL_MS = 5 * 60_000;

/** The built-in provider: a signed arithmetic question, stateless so any instance can verify it. */
export class BuiltInCaptcha implements CaptchaProvider {
  constructor(private readonly secret: string = randomBytes(32).toString('hex')) {}

  /** Issues a sum question; the ticket carries its expiry and a MAC of the answer. */
  issue(): { ticket: string; question: string } {
    const a = randomInt(1, 10);
    const b = randomInt(1, 10);
    const exp = Date.now() + TTL_MS;
    const nonce = randomBytes(8).toString('hex');
    return { ticket: `${exp}.${nonce}.${this.mac(`${exp}.${nonce}.${a + b}`)}`, question: `${a} + ${b} = ?` };
  }

  /** Checks the answer against the ticket's MAC and expiry. */
  async verify(ticket: string, answer: string): Promise<boolean> {
    const [exp, nonce, mac] = ticket.split('.');
    if (!exp || !nonce || !mac || Number(exp) < Date.now()) return false;
    const want = Buffer.from(this.mac(`${exp}.${nonce}.${answer.trim()}`));
    const got = Buffer.from(mac);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  private mac(s: string): string {
    return createHmac('sha256', this.secret).update(s).digest('hex');
  }
}

/** Throws -4001 unless the ticket and answer pass the provider. */
export async function requireCaptcha(
  provider: CaptchaProvider,
  ticket?: string,
  answer?: string,
): Promise<void> {
  if (!ticket || !answer || !(await provider.verify(ticket, answer))) {
    throw new AppError(Code.INVALID_PARAMETER, 'captcha: wrong or expired answer', { captcha: true });
  }
}
