import { z } from 'zod';
import { defineCall } from './call.js';
import { currentUser } from './users.js';

/** The public site settings (`setSite`, spec §3). */
export const setSite = z.object({
  siteName: z.string(),
  siteTitle: z.string(),
  siteKeywords: z.string(),
  siteIntroduction: z.string(),
  siteMode: z.enum(['public', 'pay']),
  siteClose: z.boolean(),
  siteCloseMsg: z.string(),
  siteFavicon: z.string(),
  siteLogo: z.string(),
  siteHeaderLogo: z.string(),
  siteBackgroundImage: z.string(),
  siteStat: z.string(),
  siteRecord: z.string(),
  siteRecordCode: z.string(),
  siteUrl: z.string(),
  siteInstall: z.string(),
  isRegister: z.boolean(),
  threadTab: z.number().int(),
  version: z.string(),
  siteCount: z.object({ threads: z.number().int(), posts: z.number().int(), users: z.number().int() }),
});
/** Public site settings. */
export type SetSite = z.infer<typeof setSite>;

/** Registration settings the sign-up page needs. */
export const setReg = z.object({
  registerClose: z.boolean(),
  registerValidate: z.boolean(),
  registerCaptcha: z.boolean(),
  registerType: z.number().int(),
  passwordLength: z.number().int(),
  passwordStrength: z.array(z.number().int()),
});

/** Third-party services switched on (reference §1.15 tag qcloud): the login page offers phone login with SMS. */
export const qcloud = z.object({ qcloudSms: z.boolean() });

/** The actor's site-wide abilities, used by headers and menus. */
export const otherPermissions = z.object({
  canViewThreads: z.boolean(),
  canCreateThread: z.boolean(),
  canReply: z.boolean(),
  canViewPosts: z.boolean(),
  canViewUser: z.boolean(),
  canFollow: z.boolean(),
  canCreateDialog: z.boolean(),
  canInvite: z.boolean(),
  canCreateOrder: z.boolean(),
  canWithdraw: z.boolean(),
  canViewAdmin: z.boolean(),
});
/** The actor's site-wide abilities. */
export type OtherPermissions = z.infer<typeof otherPermissions>;

/** Agreement texts (settings tag `agreement`). */
export const agreement = z.object({
  privacy: z.boolean(),
  privacyContent: z.string(),
  register: z.boolean(),
  registerContent: z.string(),
});

/** GET forum reply. */
export const forumData = z.object({
  setSite,
  setReg,
  qcloud,
  agreement,
  otherPermissions,
  user: currentUser.nullable(),
  installed: z.boolean(),
  /** Each plugin the server knows, on (true) or off: the web shows the slots of plugins that are on. */
  plugins: z.record(z.string(), z.boolean()),
  /** Enabled plugins installed at runtime: browsers import their web part from `url` (not in the bundle). */
  runtimePlugins: z.array(z.object({ name: z.string(), url: z.string() })),
});
/** GET forum reply. */
export type ForumData = z.infer<typeof forumData>;

/** GET /api/v3/forum: site settings plus the actor's permissions and user. */
export const forum = defineCall({
  method: 'GET',
  path: '/api/v3/forum',
  summary: 'Site settings, the actor permissions and the current user',
  tags: ['forum'],
  input: z.object({}),
  output: forumData,
});

/** GET install: is the site installed, and must the install page carry a setup token? */
export const installStatus = defineCall({
  method: 'GET',
  path: '/api/v3/install',
  summary: 'Whether the site has its first administrator',
  tags: ['install'],
  input: z.object({}),
  output: z.object({ installed: z.boolean() }),
});

/** POST install: create the first administrator with the one-time setup token. */
export const install = defineCall({
  method: 'POST',
  path: '/api/v3/install',
  summary: 'Create the first administrator with the one-time setup token',
  tags: ['install'],
  input: z.object({
    token: z.string().min(1).max(200),
    username: z.string().trim().min(1).max(15),
    password: z.string().min(1).max(50),
    siteName: z.string().trim().max(50).optional(),
  }),
  output: z.object({ userId: z.number().int() }),
});
