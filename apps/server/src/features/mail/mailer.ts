import type { Transporter } from 'nodemailer';
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
  /** Whether the server's certificate must be valid for its name (off only for a self-signed relay). */
  tlsVerify: boolean;
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
    tlsVerify: s.get('mail_tls_verify') !== '0',
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

/** Node's codes for a server certificate that did not pass the check. */
const CERT_CODES =
  /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|CERT_|ERR_TLS_CERT_ALTNAME_INVALID)/;

/**
 * What an SMTP failure most likely means when it is about encryption, the setting an administrator gets wrong
 * most: a code the admin shows in its own language, then the English for the log.
 */
const HINTS = {
  certificate:
    'the SMTP server’s certificate was refused; fix it or the host name, or for a relay on your own network ' +
    'with a self-signed certificate turn off certificate verification (mail_tls_verify)',
  starttls:
    'the SMTP server does not offer STARTTLS, which the chosen encryption requires; choose SSL/TLS if it ' +
    'encrypts from the start (usually port 465), or check the port',
  'no-tls':
    'the SMTP server did not answer with TLS; it probably expects STARTTLS (usually port 587), or check the port',
} as const;

/**
 * An SMTP failure worth telling the administrator: `[code] hint: ` (see HINTS) when the cause is recognised, then
 * the server's own words (never a password).
 */
export function smtpError(err: unknown): string {
  const e = err as { message?: string; response?: string; code?: string };
  const message = e.message || String(err);
  const words = (e.response && !message.includes(e.response) ? `${message}: ${e.response}` : message).trim();
  let hint: keyof typeof HINTS | null = null;
  if (CERT_CODES.test(e.code ?? '') || /certificate/i.test(words)) hint = 'certificate';
  else if (/STARTTLS/.test(words)) hint = 'starttls';
  else if (/wrong version number|packet length too long|unknown protocol/i.test(words)) hint = 'no-tls';
  return (hint ? `[${hint}] ${HINTS[hint]}: ${words}` : words).slice(0, 500);
}

/** A failed send: the message says what to fix, `responseCode` is the SMTP reply code when there was one. */
export class SmtpError extends Error {
  readonly responseCode: number | null;
  /**
   * The server refused the recipient for good (a 5xx answer to RCPT TO: no such mailbox, the domain takes no
   * mail): trying again cannot help. A 5xx elsewhere (login, sender, content) is the forum's to fix, not the address.
   */
  readonly recipientRefused: boolean;
  constructor(err: unknown) {
    super(smtpError(err), { cause: err });
    const e = err as { responseCode?: unknown; command?: unknown };
    this.responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
    this.recipientRefused = e.command === 'RCPT TO' && (this.responseCode ?? 0) >= 500;
  }
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
    const transport = await this.transportFor(smtp);
    const info = await transport
      .sendMail({
        from: { name: smtp.fromName, address: smtp.from },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      })
      .catch((err: unknown) => {
        throw new SmtpError(err);
      });
    return { messageId: info.messageId };
  }

  /** Closes the open connections (app close). */
  close(): void {
    this.transport?.t.close();
    this.transport = null;
  }

  private async transportFor(smtp: SmtpSettings): Promise<Transporter<SMTPPool.SentMessageInfo>> {
    const key = JSON.stringify(smtp);
    if (this.transport?.key === key) return this.transport.t;
    // nodemailer (3 MB of heap) is loaded by the first message: a site without mail never marks it.
    const { default: nodemailer } = await import('nodemailer');
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
      tls: { rejectUnauthorized: smtp.tlsVerify },
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
