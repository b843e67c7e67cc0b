import type { Tx } from '../../platform/db/db.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { SmtpError, type Mailer, type OutgoingMail } from './mailer.js';

/** The job that sends one message. */
export const MAIL_JOB = 'mail_send';
/** A message is tried this many more times after a failure (about 1, 2, 4, 8, 16 and 32 minutes apart). */
export const MAIL_RETRIES = 6;
const RETRY_DELAY_SECONDS = 60;

/** What the mail queue needs of the forum's job queue. */
export type MailJobs = Pick<Jobs, 'send' | 'work' | 'stateOf' | 'failed'>;

/** How a queued message ended, as far as a waiter saw. */
export interface MailOutcome {
  sent: boolean;
  queued: boolean;
  error: string | null;
}

/**
 * Mail goes out from the forum's job queue in the database: a message is a job inserted in the transaction of
 * what caused it (a link token, a notification watermark), so it exists exactly when its cause does; a worker
 * sends it over SMTP and a failure is retried with backoff. No request sends mail itself.
 */
export class MailQueue {
  constructor(
    private readonly jobs: MailJobs,
    private readonly mailer: Mailer,
    private readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    /** Records an address the SMTP server refused for good (no more mail goes to it). */
    private readonly refused: (to: string, reply: string) => Promise<void>,
  ) {}

  /** Registers the worker. */
  start(): void {
    this.jobs.work<{ mail: OutgoingMail }>(
      MAIL_JOB,
      async ({ mail }) => {
        try {
          const { messageId } = await this.mailer.send(mail);
          this.log.info({ kind: mail.kind, messageId }, 'mail sent');
        } catch (err) {
          if (!(err instanceof SmtpError && err.recipientRefused)) throw err;
          // A permanent refusal of the address: marked, not retried (the administrator's test still fails).
          await this.refused(mail.to, err.message);
          this.log.warn(
            { kind: mail.kind, reply: err.message },
            'mail refused: address marked undeliverable',
          );
          if (mail.kind === 'test') throw err;
        }
      },
      {
        retryLimit: MAIL_RETRIES,
        retryDelaySeconds: RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: 300,
      },
    );
  }

  /** Queues a message in the caller's transaction (or at once, without one). */
  async enqueue(tx: Tx | null, mail: OutgoingMail, options: { retryLimit?: number } = {}): Promise<string> {
    const id = await this.jobs.send(MAIL_JOB, { mail }, { ...(tx ? { tx } : {}), ...options });
    if (!id) throw new Error('mail not queued');
    return id;
  }

  /**
   * Queues a message tried once (the administrator's test) and waits up to `waitMs` for the worker's outcome,
   * so the test button can show the SMTP server's answer.
   */
  async sendAndWait(mail: OutgoingMail, waitMs: number): Promise<MailOutcome> {
    const id = await this.enqueue(null, mail, { retryLimit: 0 });
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      const st = await this.jobs.stateOf(MAIL_JOB, id);
      if (st?.state === 'completed') return { sent: true, queued: false, error: null };
      if (st?.state === 'failed') {
        const failed = (await this.jobs.failed(200)).find((j) => j.id === id);
        return { sent: false, queued: false, error: failed?.error || 'not sent' };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return { sent: false, queued: true, error: null };
  }
}
