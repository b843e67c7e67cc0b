import type { FastifyInstance } from 'fastify';
import type { Route } from '../../platform/http/router.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { ForumServices } from '../../services.js';
import { EmailAccountService, mailAvailable, type MailSite } from './email-account.service.js';
import { MailAdmin } from './mail-admin.js';
import { MailNotices } from './mail-notices.js';
import { MailQueue, type MailJobs } from './mail-queue.js';
import { registerMailRoutes, registerOneClick } from './mail.routes.js';
import { Mailer } from './mailer.js';
import { markBounced } from './mail.repository.js';

/** Email (operations issue): SMTP from the job queue, verified addresses, reset by email, notification email. */
export { emailTokens } from './mail.table.js';
export { MAIL_JOB } from './mail-queue.js';
export { MailNotices } from './mail-notices.js';

/** The notification email runs: `each` every five minutes, the digest looked for every quarter hour. */
export const EACH_JOB = 'mail_notify_each';
export const DIGEST_JOB = 'mail_digest';
const EACH_EVERY_MS = 5 * 60_000;
const DIGEST_EVERY_MS = 15 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests reach the notification email runs here. */
    mailNotices: MailNotices;
  }
}

/** Mounts email: the worker that sends, the members' and administrators' calls, the scheduled runs. */
export function mountMail(
  ctx: Pick<ForumServices, 'config' | 'database' | 'settings' | 'users' | 'forum'> & {
    app: FastifyInstance;
    route: Route;
    jobs: MailJobs & Pick<Jobs, 'schedule'>;
  },
): void {
  const mailer = new Mailer(ctx.settings);
  ctx.app.addHook('onClose', async () => mailer.close());
  const db = ctx.database.db;
  const queue = new MailQueue(ctx.jobs, mailer, ctx.app.log, (to, reply) => markBounced(db, to, reply));
  queue.start();
  const site: MailSite = { settings: ctx.settings, publicUrl: ctx.config.publicUrl, queue };
  const account = new EmailAccountService(db, site, ctx.users);
  registerMailRoutes(ctx.route, account, new MailAdmin(site));
  registerOneClick(ctx.app, account);
  ctx.forum.mailOpen = () => mailAvailable(site);

  const notices = new MailNotices(db, site);
  ctx.jobs.work(EACH_JOB, () => notices.sendEach());
  ctx.jobs.schedule(EACH_JOB, { everyMs: EACH_EVERY_MS });
  // Every quarter hour, and only the first check of a local day at the digest hour sends (the queue's cron
  // speaks UTC; the hour is local, in any offset: see digest-time.ts).
  ctx.jobs.work(DIGEST_JOB, () => notices.digestCheck());
  ctx.jobs.schedule(DIGEST_JOB, { everyMs: DIGEST_EVERY_MS });
  ctx.app.decorate('mailNotices', notices);
}
