import { z } from 'zod';
import { defineCall } from './call.js';

/** Account status (reference §3 users.status). */
export const UserStatus = {
  NORMAL: 0,
  BANNED: 1,
  PENDING: 2,
  REJECTED: 3,
  IGNORED: 4,
  NEEDS_FIELDS: 10,
} as const;

/** A group as shown beside a user. */
export const groupBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
  isDisplay: z.boolean(),
  /** The original's names for `id` and `name`. */
  pid: z.number().int(),
  groupName: z.string(),
});

/** What any user may see of another (no mobile, no status details). */
export const publicUser = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  /** The original's name for `avatarUrl`. */
  avatar: z.string(),
  backgroundUrl: z.string(),
  signature: z.string(),
  group: groupBrief,
  isRealName: z.boolean(),
  questionCount: z.number().int(),
  threadCount: z.number().int(),
  followCount: z.number().int(),
  fansCount: z.number().int(),
  likedCount: z.number().int(),
  joinedAt: z.string(),
});
/** Another user's public profile. */
export type PublicUser = z.infer<typeof publicUser>;

/** The logged-in user's own view of their account: the public profile plus what only they may see. */
export const currentUser = publicUser.extend({
  status: z.number().int(),
  postCount: z.number().int(),
  isMissNickname: z.boolean(),
  hasPassword: z.boolean(),
  mobile: z.string(),
  /** Whether a WeChat is bound (bind_type bit 1). */
  isBindWechat: z.boolean(),
  loginAt: z.string().nullable(),
  /** A paid site: when my membership ends (ISO; null when never paid; the year 9999 for forever). */
  expiredAt: z.string().nullable(),
});
/** The logged-in user's own view. */
export type CurrentUser = z.infer<typeof currentUser>;

const noSpaces = (s: string) => !/\s/.test(s);

/** Username rules shared by client and server: at most 15 characters, no spaces. */
export const usernameField = z
  .string()
  .trim()
  .min(1, { message: 'username is required' })
  .max(15, { message: 'username can be at most 15 characters' })
  .refine(noSpaces, { message: 'username cannot contain spaces' });

/** Nickname rules: at most 15 characters, no spaces. */
export const nicknameField = z
  .string()
  .trim()
  .min(1, { message: 'nickname is required' })
  .max(15, { message: 'nickname can be at most 15 characters' })
  .refine(noSpaces, { message: 'nickname cannot contain spaces' });

/** Password shape (length and strength come from settings, checked on the server). */
export const passwordField = z
  .string()
  .min(1, { message: 'password is required' })
  .max(50, { message: 'password can be at most 50 characters' });

/** Reply of every login-like call. The token also arrives as an HttpOnly cookie. */
export const loginResult = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  uid: z.number().int(),
  userId: z.number().int(),
  userStatus: z.number().int(),
  isMissNickname: z.boolean(),
  csrfToken: z.string(),
  user: currentUser,
});
/** Login result. */
export type LoginResult = z.infer<typeof loginResult>;

/** POST users/username.register */
export const usernameRegister = defineCall({
  method: 'POST',
  path: '/api/v3/users/username.register',
  summary: 'Register with username and password',
  tags: ['users'],
  input: z.object({
    username: usernameField,
    password: passwordField,
    nickname: nicknameField.optional(),
    code: z.string().max(64).optional(),
    captchaTicket: z.string().max(2000).optional(),
    captchaRandStr: z.string().max(200).optional(),
  }),
  output: loginResult,
});

/** POST users/username.login */
export const usernameLogin = defineCall({
  method: 'POST',
  path: '/api/v3/users/username.login',
  summary: 'Log in with username and password',
  tags: ['users'],
  input: z.object({
    username: z.string().trim().min(1, { message: 'username is required' }).max(100),
    password: z.string().min(1, { message: 'password is required' }).max(200),
    type: z.string().max(64).optional(),
    sessionToken: z.string().max(200).optional(),
  }),
  output: loginResult,
});

/** POST users/logout: revokes the current token. */
export const logout = defineCall({
  method: 'POST',
  path: '/api/v3/users/logout',
  summary: 'Log out (revoke the current token)',
  tags: ['users'],
  input: z.object({}),
  output: z.null(),
});

/** POST users/refresh.token: swaps a refresh token for a new pair. */
export const refreshToken = defineCall({
  method: 'POST',
  path: '/api/v3/users/refresh.token',
  summary: 'Exchange a refresh token for a new token pair',
  tags: ['users'],
  input: z.object({ refreshToken: z.string().min(1).max(200) }),
  output: loginResult,
});

/**
 * Another user's profile as the viewer sees it: with a member viewer, their follow state (0 none, 1 I follow
 * them, 2 mutual), whether I blocked them (`isDeny`) and whether they blocked me (`isDenied`).
 */
/** How the viewer relates to a user, in the original's names (all false for oneself and for guests). */
export const relationFlags = { isFollow: z.boolean(), isMutualFollow: z.boolean(), isDeny: z.boolean() };

export const profileUser = publicUser.extend({
  follow: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  isDeny: z.boolean().optional(),
  isDenied: z.boolean().optional(),
  /** The thread the user pinned on their profile (`user/thread.stick`), if any. */
  pinnedThreadId: z.number().int().nullable().optional(),
});
/** A profile with the viewer's relation. */
export type ProfileUser = z.infer<typeof profileUser>;

/** GET user: a profile; without userId, the current user. */
export const userDetail = defineCall({
  method: 'GET',
  path: '/api/v3/user',
  summary: 'Read a user profile (own account when userId is omitted)',
  tags: ['users'],
  input: z
    .object({
      userId: z.coerce.number().int().positive().optional(),
      /** The original web client's name for `userId`. */
      pid: z.coerce.number().int().positive().optional(),
    })
    .transform((v) => ({ userId: v.userId ?? v.pid })),
  output: z.union([
    currentUser.extend({ pinnedThreadId: z.number().int().nullable().optional() }).extend(relationFlags),
    profileUser.extend(relationFlags),
  ]),
});

/** POST users/username.check: is this username free and valid? */
export const usernameCheck = defineCall({
  method: 'POST',
  path: '/api/v3/users/username.check',
  summary: 'Check that a username is valid and free',
  tags: ['users'],
  input: z.object({ username: usernameField }),
  output: z.object({ available: z.boolean() }),
});

/** POST users/nickname.set: set the nickname (first login). */
export const nicknameSet = defineCall({
  method: 'POST',
  path: '/api/v3/users/nickname.set',
  summary: 'Set the current user nickname',
  tags: ['users'],
  input: z.object({ nickname: nicknameField }),
  output: currentUser,
});
