import { z } from 'zod';
import { defineCall } from './call.js';
import { passwordField } from './users.js';

// Email (operations issue): a member's verified address, password reset by email, notification email while
// away with one-click unsubscribe, and the administrator's test send.

/** How a member hears of notifications by email while away. */
export const EMAIL_NOTIFY = ['off', 'each', 'digest'] as const;
/** One notification email choice. */
export type EmailNotify = (typeof EMAIL_NOTIFY)[number];

/** An email address as a member types it (trimmed; checked loosely: the link proves it). */
export const emailField = z
  .string()
  .trim()
  .max(254, { message: 'email can be at most 254 characters' })
  .regex(/^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/, { message: 'email must be an email address' });

/** A token from a link in an email. */
const linkToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'token is not a link token' });

/** My email state. */
export const emailStatus = z.object({
  /** The verified address ('' none). */
  email: z.string(),
  verifiedAt: z.string().nullable(),
  /** An address whose link was sent and not yet followed (it replaces `email` once followed). */
  pending: z.object({ email: z.string(), sentAt: z.string(), expiresAt: z.string() }).nullable(),
  notify: z.enum(EMAIL_NOTIFY),
  /** Whether the site sends email at all (the administrator configured it). */
  available: z.boolean(),
});
/** My email state. */
export type EmailStatus = z.infer<typeof emailStatus>;

/** `GET users/email`: my address, one awaiting its link, and my notification email choice. */
export const emailGet = defineCall({
  method: 'GET',
  path: '/api/v3/users/email',
  summary: 'My email address and notification email choice',
  tags: ['mail'],
  input: z.object({}),
  output: emailStatus,
});

/**
 * `POST users/email.set`: sends a verification link to an address; it becomes my address when the link is
 * followed. An empty `email` removes my address (and any waiting link).
 */
export const emailSet = defineCall({
  method: 'POST',
  path: '/api/v3/users/email.set',
  summary: 'Set my email address (a verification link is sent) or remove it',
  tags: ['mail'],
  input: z.object({ email: z.union([z.literal(''), emailField]) }),
  output: emailStatus,
});

/** `POST users/email.verify`: follows a verification link (works logged out: the token names the account). */
export const emailVerify = defineCall({
  method: 'POST',
  path: '/api/v3/users/email.verify',
  summary: 'Verify an email address with the token of its link',
  tags: ['mail'],
  input: z.object({ token: linkToken }),
  output: z.object({ email: z.string() }),
});

/** `POST users/email.notify`: my notification email choice. */
export const emailNotifySet = defineCall({
  method: 'POST',
  path: '/api/v3/users/email.notify',
  summary: 'Choose notification email: off, each, or a daily digest',
  tags: ['mail'],
  input: z.object({ notify: z.enum(EMAIL_NOTIFY) }),
  output: emailStatus,
});

/** `POST users/lang`: the language my emails are written in (the web sends it when I switch). */
export const userLangSet = defineCall({
  method: 'POST',
  path: '/api/v3/users/lang',
  summary: 'Remember my language for email',
  tags: ['mail'],
  input: z.object({ lang: z.enum(['zh', 'en']) }),
  output: z.null(),
});

/**
 * `POST users/email.reset.send`: mails a password reset link to the address's account. The same answer
 * whether or not an account has that address (nothing tells who is a member).
 */
export const emailResetSend = defineCall({
  method: 'POST',
  path: '/api/v3/users/email.reset.send',
  summary: 'Email a password reset link',
  tags: ['mail'],
  input: z.object({ email: emailField }),
  output: z.null(),
});

/** `POST users/email.reset.pwd`: a new password with a reset link's token; every session of the account ends. */
export const emailResetPassword = defineCall({
  method: 'POST',
  path: '/api/v3/users/email.reset.pwd',
  summary: 'Reset my password with the token of an emailed link',
  tags: ['mail'],
  input: z
    .object({ token: linkToken, password: passwordField, passwordConfirmation: z.string().max(100) })
    .refine((v) => v.password === v.passwordConfirmation, {
      message: 'passwordConfirmation does not match password',
      path: ['passwordConfirmation'],
    }),
  output: z.null(),
});

/** `POST users/email.unsubscribe`: the link at the foot of a notification email (no login: it is signed). */
export const emailUnsubscribe = defineCall({
  method: 'POST',
  path: '/api/v3/users/email.unsubscribe',
  summary: 'Stop notification email (signed link from an email)',
  tags: ['mail'],
  input: z.object({
    u: z.coerce.number().int().positive(),
    k: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'k is not an unsubscribe key' }),
  }),
  output: z.object({ email: z.string() }),
});

/** `POST backAdmin/mail.test`: sends a test message through the mail queue and waits for its outcome. */
export const mailTest = defineCall({
  method: 'POST',
  path: '/api/backAdmin/mail.test',
  summary: 'Send a test email with the current mail settings',
  tags: ['admin'],
  input: z.object({ to: emailField }),
  output: z.object({
    /** Sent: the SMTP server accepted it. */
    sent: z.boolean(),
    /** Still queued when the wait ended (it will be tried again). */
    queued: z.boolean(),
    /** The SMTP server's or the connection's complaint, for the administrator. */
    error: z.string().nullable(),
  }),
});
