import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/db.js';
import type { SettingsService } from '../settings/index.js';
import { dropExpiredTickets, spendTicket } from './captcha.repository.js';
import { ProofOfWorkCaptcha } from './pow-captcha.js';

export {
  ProofOfWorkCaptcha,
  leadingZeroBits,
  powDigest,
  requireCaptcha,
  type CaptchaProvider,
} from './pow-captcha.js';

/**
 * The site's captcha (registration with `register_captcha`, groups with `createThreadWithCaptcha`): the
 * self-hosted proof of work, its signing secret kept in settings so every instance checks every ticket.
 */
export async function startCaptcha(ctx: { database: { db: Db }; settings: SettingsService }) {
  const { settings } = ctx;
  const db = ctx.database.db;
  if (!settings.get('captcha_secret')) {
    await settings.set([{ key: 'captcha_secret', tag: 'captcha', value: randomBytes(32).toString('hex') }]);
  }
  let spent = 0;
  return new ProofOfWorkCaptcha(
    () => settings.get('captcha_secret'),
    () => Math.min(24, Math.max(8, settings.int('captcha_difficulty', 16))),
    async (hash, expiresAt) => {
      // Now and then, forget expired tickets (they fail their own expiry check anyway).
      if (++spent % 200 === 0) await dropExpiredTickets(db);
      return spendTicket(db, hash, expiresAt);
    },
  );
}
