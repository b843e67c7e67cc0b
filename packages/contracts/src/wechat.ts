import { z } from 'zod';
import { defineCall } from './call.js';
import { mobileField, smsCodeField } from './sms.js';
import { currentUser, loginResult, passwordField } from './users.js';

/** What an H5 authorization is for: log in, bind or rebind my account, or finish a pc QR session. */
export const WECHAT_ACTIONS = ['login', 'bind', 'rebind', 'qrcode'] as const;
export type WechatAction = (typeof WECHAT_ACTIONS)[number];

/** A flow token (OAuth state, pending binding, QR session): random part and signature. */
const flowToken = z.string().trim().min(1).max(200);
/** An OAuth code from the provider's redirect. */
const oauthCode = z.string().trim().min(1).max(512);

/**
 * `GET users/mobilebrowser/wechat/h5.oauth`: the WeChat consent URL for an action. The redirect comes back to
 * `/user/wx-authorization?action=...`; a QR action carries the pc session token scanned.
 */
export const wechatOauth = defineCall({
  method: 'GET',
  path: '/api/v3/users/mobilebrowser/wechat/h5.oauth',
  summary: 'WeChat authorization URL',
  tags: ['wechat'],
  input: z.object({
    action: z.enum(WECHAT_ACTIONS).default('login'),
    sessionToken: flowToken.optional(),
  }),
  output: z.object({ location: z.string() }),
});

/** The reply when WeChat is known but no account is bound (-7016 Data), for the binding pages. */
export const wechatPending = z.object({
  sessionToken: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** The site's registration mode: 0 choose (wx-select), 1 bind a phone, 2 created at once. */
  registerType: z.number().int(),
});

/**
 * `POST users/wechat/h5.login`: the callback of a login. A bound WeChat logs its account in; in WeChat
 * registration mode (2) a new one gets an account; otherwise -7016 with the pending binding (wechatPending).
 */
export const wechatH5Login = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/h5.login',
  summary: 'Log in with WeChat (authorization callback)',
  tags: ['wechat'],
  input: z.object({ code: oauthCode, state: flowToken, inviteCode: z.string().max(64).optional() }),
  output: loginResult,
});

/** `POST users/wechat/h5.bind`: binds the authorising WeChat to my account (it has none yet). */
export const wechatH5Bind = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/h5.bind',
  summary: 'Bind WeChat to my account (authorization callback)',
  tags: ['wechat'],
  input: z.object({ code: oauthCode, state: flowToken }),
  output: currentUser,
});

/** `POST users/wechat/h5.rebind`: replaces my account's WeChat with the authorising one. */
export const wechatH5Rebind = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/h5.rebind',
  summary: 'Change the WeChat of my account (authorization callback)',
  tags: ['wechat'],
  input: z.object({ code: oauthCode, state: flowToken }),
  output: currentUser,
});

/** `POST users/wechat/h5.qrcode`: the phone side of a pc QR session (login, bind or rebind there). */
export const wechatH5Qrcode = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/h5.qrcode',
  summary: 'Complete a pc QR session from the phone (authorization callback)',
  tags: ['wechat'],
  input: z.object({ code: oauthCode, state: flowToken }),
  output: z.object({ done: z.literal(true), type: z.enum(['login', 'bind', 'rebind']) }),
});

/** `POST users/wechat/h5.register`: a new account for a pending WeChat (registration allowing). */
export const wechatRegister = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/h5.register',
  summary: 'Create an account for a pending WeChat',
  tags: ['wechat'],
  input: z.object({ sessionToken: flowToken, inviteCode: z.string().max(64).optional() }),
  output: loginResult,
});

/** `POST users/wechat/username.bind`: logs in an existing account and binds the pending WeChat to it. */
export const wechatBindUsername = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/username.bind',
  summary: 'Bind a pending WeChat to an existing account (username and password)',
  tags: ['wechat'],
  input: z.object({
    sessionToken: flowToken,
    username: z.string().trim().min(1).max(100),
    password: passwordField,
  }),
  output: loginResult,
});

/** `POST users/wechat/sms.bind`: logs in (or creates) the phone's account and binds the pending WeChat. */
export const wechatBindPhone = defineCall({
  method: 'POST',
  path: '/api/v3/users/wechat/sms.bind',
  summary: 'Bind a pending WeChat to the account of a phone',
  tags: ['wechat'],
  input: z.object({ sessionToken: flowToken, mobile: mobileField, code: smsCodeField }),
  output: loginResult,
});

/** Seconds a pc QR session waits for the scan. */
export const QRCODE_TTL_SECONDS = 300;

/**
 * `GET users/pc/wechat/h5.genqrcode`: a pc QR session; the QR shows `url` (the H5 page to open in WeChat).
 * `bind` and `rebind` need a login (the account the phone's WeChat is bound to).
 */
export const wechatGenQrcode = defineCall({
  method: 'GET',
  path: '/api/v3/users/pc/wechat/h5.genqrcode',
  summary: 'Start a pc WeChat QR session',
  tags: ['wechat'],
  input: z.object({ type: z.enum(['login', 'bind', 'rebind']).default('login') }),
  output: z.object({ sessionToken: z.string(), url: z.string(), expiresIn: z.number().int() }),
});

/** `GET users/pc/wechat/h5.login`: polls a login QR; -7002 while waiting, -7001 once expired. */
export const wechatPollLogin = defineCall({
  method: 'GET',
  path: '/api/v3/users/pc/wechat/h5.login',
  summary: 'Poll a pc WeChat QR login',
  tags: ['wechat'],
  input: z.object({ sessionToken: flowToken }),
  output: loginResult,
});

/** `GET users/pc/wechat/bind.poll`: polls a bind or rebind QR of my account. */
export const wechatPollBind = defineCall({
  method: 'GET',
  path: '/api/v3/users/pc/wechat/bind.poll',
  summary: 'Poll a pc WeChat QR bind or rebind',
  tags: ['wechat'],
  aliases: ['/api/v3/users/pc/wechat.rebind.poll'],
  input: z.object({ sessionToken: flowToken }),
  output: currentUser,
});
