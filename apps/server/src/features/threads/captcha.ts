import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaProvider } from '../captcha/index.js';

export type { CaptchaProvider } from '../captcha/index.js';
export { requireCaptcha } from '../captcha/index.js';

const TTL_MS = 5 * 60_000;

/** The arithmetic provider: a signed sum question, stateless (the site uses the captcha feature's proof of work). */
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
