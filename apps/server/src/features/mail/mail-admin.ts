import type { Lang } from '../../platform/http/lang.js';
import { invalid } from '../../platform/http/errors.js';
import { mailContext, type MailSite } from './email-account.service.js';
import { smtpComplete, smtpSettings } from './mailer.js';
import type { MailOutcome } from './mail-queue.js';
import { testMail } from './mail-templates.js';

/** How long the test button waits for the worker's answer. */
export const TEST_WAIT_MS = 20_000;

/** The administrator's test send: through the queue (tried once), with the SMTP server's answer. */
export class MailAdmin {
  constructor(private readonly site: MailSite) {}

  /** Works before mail is switched on, so settings can be tried first; needs a server and a sender. */
  async test(to: string, lang: Lang): Promise<MailOutcome> {
    if (!smtpComplete(smtpSettings(this.site.settings)))
      throw invalid('mail_host: set the SMTP server and the from address first');
    const mail = testMail(mailContext(this.site, lang));
    return this.site.queue.sendAndWait({ ...mail, to, kind: 'test' }, TEST_WAIT_MS);
  }
}
