import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { SettingsService } from '../settings/index.js';

/** A message ready to go: rendered in its reader's language when it was queued. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, Auto-Submitted). */
  headers?: Record<string, string>;
  /** What it is (verify, reset, notify, digest, test): logs and metrics. */
  kind: string;
}

/** The SMTP settings (tag `mail`). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** `tls`: encrypted from the first byte (465); `starttls`: upgraded, required (587); `none`: plain. */
  secure: 'tls' | 'starttls' | 'none';
  username: string;
  password: string;
  from: string;
  fromName: string;
}

/** Reads the SMTP settings; the sender's name falls back to the site name. */
export function smtpSettings(s: SettingsService): SmtpSettings {
  const secure = s.get('mail_secure');
  return {
    host: s.get('mail_host'),
    port: s.int('mail_port', 587),
    secure: secure === 'tls' || secure === 'none' ? secure : 'starttls',
    username: s.get('mail_username'),
    password: s.get('mail_password'),
    from: s.get('mail_from'),
    fromName: s.get('mail_from_name') || s.get('site_name'),
  };
}

/** Whether the settings name a server and a sender (enough to try; the test send tells whether it works). */
export function smtpComplete(smtp: SmtpSettings): boolean {
  return smtp.host !== '' && smtp.from !== '';
}

/** An SMTP failure worth telling the administrator: the server's own words, never a password. */
export function smtpError(err: unknown): string {
  const e = err as { message?: string; response?: string; code?: string };
  return (e.response || e.message || String(err)).slice(0, 500);
}

/**
 * Sends messages over SMTP with nodemailer. One pooled transport (two connections) per set of settings: a
 * change of settings on any instance makes the next send build a new one and close the old.
 */
export class Mailer {
  private transport: { key: string; t: Transporter<SMTPPool.SentMessageInfo> } | null = null;

  constructor(private readonly settings: SettingsService) {}

  /** Sends one message now (the queue's worker calls this; requests never do). */
  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const smtp = smtpSettings(this.settings);
    if (!smtpComplete(smtp)) throw new Error('mail is not configured (mail_host, mail_from)');
    const info = await this.transportFor(smtp).sendMail({
      from: { name: smtp.fromName, address: smtp.from },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
    return { messageId: info.messageId };
  }

  /** Closes the open connections (app close). */
  close(): void {
    this.transport?.t.close();
    this.transport = null;
  }

  private transportFor(smtp: SmtpSettings): Transporter<SMTPPool.SentMessageInfo> {
    const key = JSON.stringify(smtp);
    if (this.transport?.key === key) return this.transport.t;
    this.transport?.t.close();
    const t = nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      // The job queue retries (with backoff, counted, visible); the pool's own requeues would hide failures.
      maxRequeues: 0,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure === 'tls',
      requireTLS: smtp.secure === 'starttls',
      ignoreTLS: smtp.secure === 'none',
      ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password } } : {}),
      // A server that does not answer fails the job (to be retried), rather than hold a worker for minutes.
      connectionTimeout: 15_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.transport = { key, t };
    return t;
  }
}
