import { z } from 'zod';
import { defineCall } from './call.js';
import { currentUser, loginResult, passwordField } from './users.js';

/** What a text message code is for (reference §1.1); `verify` proves the current phone before a rebind. */
export const SMS_TYPES = ['login', 'bind', 'rebind', 'reset_pwd', 'reset_pay_pwd', 'verify'] as const;
/** One code purpose. */
export type SmsType = (typeof SMS_TYPES)[number];

/** A mainland China mobile number: 11 digits starting with 1 (the original's only format). */
export const mobileField = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, { message: 'mobile must be an 11-digit phone number' });

/** A text message code: 6 digits. */
export const smsCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'code must be 6 digits' });

/** Seconds before the same phone may be sent another code. */
export const SMS_RESEND_SECONDS = 60;

/**
 * `POST users/sms.send`. `verify` and `reset_pay_pwd` go to the caller's own bound phone (the mobile given is
 * ignored); `bind` and `rebind` need a login; the others work for guests.
 */
export const smsSend = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.send',
  summary: 'Send a text message code',
  tags: ['sms'],
  input: z.object({
    mobile: mobileField.optional(),
    type: z.enum(SMS_TYPES),
    captchaTicket: z.string().max(2000).optional(),
    captchaRandStr: z.string().max(200).optional(),
  }),
  output: z.object({ interval: z.number().int() }),
});

/** `POST users/sms.verify`: proves the caller's current phone (type verify) before a rebind. */
export const smsVerify = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.verify',
  summary: 'Verify my current phone with a code',
  tags: ['sms'],
  input: z.object({ code: smsCodeField }),
  output: z.object({ verified: z.boolean() }),
});

/** `POST users/sms.login`: logs in with a phone and code; creates the account when registration allows. */
export const smsLogin = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.login',
  summary: 'Log in (or register) with a phone and code',
  tags: ['sms'],
  input: z.object({
    mobile: mobileField,
    code: smsCodeField,
    type: z.string().max(64).optional(),
    inviteCode: z.string().max(64).optional(),
  }),
  output: loginResult,
});

/** `POST users/sms.bind`: binds a phone to an account that has none. */
export const smsBind = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.bind',
  summary: 'Bind a phone to my account',
  tags: ['sms'],
  input: z.object({ mobile: mobileField, code: smsCodeField }),
  output: currentUser,
});

/** `POST users/sms.rebind`: moves the account to a new phone after the current one was verified. */
export const smsRebind = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.rebind',
  summary: 'Change my phone (after verifying the current one)',
  tags: ['sms'],
  input: z.object({ mobile: mobileField, code: smsCodeField }),
  output: currentUser,
});

/** `POST users/sms.reset.pwd`: a new password for the account of the phone; every session of it ends. */
export const smsResetPassword = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.reset.pwd',
  summary: 'Reset the password of the account bound to a phone',
  tags: ['sms'],
  input: z
    .object({
      mobile: mobileField,
      code: smsCodeField,
      password: passwordField,
      passwordConfirmation: z.string().max(100),
    })
    .refine((v) => v.password === v.passwordConfirmation, {
      message: 'passwordConfirmation does not match password',
      path: ['passwordConfirmation'],
    }),
  output: z.null(),
});

/** `POST users/sms.reset.pay.pwd`: a new 6-digit pay password, with a code sent to my bound phone. */
export const smsResetPayPassword = defineCall({
  method: 'POST',
  path: '/api/v3/users/sms.reset.pay.pwd',
  summary: 'Reset my pay password with a code sent to my phone',
  tags: ['sms'],
  input: z
    .object({
      code: smsCodeField,
      payPassword: z.string().regex(/^\d{6}$/, { message: 'payPassword must be 6 digits' }),
      payPasswordConfirmation: z.string().max(20),
    })
    .refine((v) => v.payPassword === v.payPasswordConfirmation, {
      message: 'payPasswordConfirmation does not match payPassword',
      path: ['payPasswordConfirmation'],
    }),
  output: z.null(),
});
