import { z } from 'zod';
import { defineCall, type CallContract } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { categoriesCreate, categoriesDelete, categoriesUpdate } from './categories.js';
import { adminCashReview } from './cash.js';
import { managePurge, manageSubmitReview, threadsBatch } from './admin-content.js';
import {
  groupCreate,
  groupsBatchDelete,
  groupsBatchUpdate,
  groupsBatchUpdateV2,
  permissionUpdate,
} from './admin-groups.js';
import { notificationTplUpdate } from './admin-misc.js';
import { reportsBatch, reportsDelete, topicsBatchDelete, topicsBatchUpdate } from './admin-moderation.js';
import {
  settingsLogo,
  settingsLogoDelete,
  settingsLogoUpload,
  settingsSet,
  settingsSetV2,
} from './admin-settings.js';
import { signInFieldCreate, signInFieldStatus, signInFieldUpdate } from './admin-signin.js';
import { adminAvatarDelete, adminUsersExamine, adminUserUpdate } from './admin-users.js';
import { adminInviteRevoke } from './invites.js';
import { pluginOperate, pluginPermissionSwitch, pluginSettingsSave, pluginUpload } from './plugins-admin.js';
import { stopWordsBatch, stopWordsDelete, stopWordsDeleteV2 } from './stop-words.js';
import { adminUnfreezeUserWallet, adminUpdateUserWallet } from './wallet.js';

// The admin action log (issue 10 §10). Each logged write is one kind of action, named here once from the
// calls that make it (a call answers at its path and its aliases, and the log keeps the path asked): the
// server filters by kind, the admin describes each kind in words.

const kinds = {
  'settings.update': [settingsSet, settingsSetV2],
  'picture.set': [settingsLogo, settingsLogoUpload],
  'picture.delete': [settingsLogoDelete],
  'group.create': [groupCreate],
  'group.update': [groupsBatchUpdate, groupsBatchUpdateV2],
  'group.delete': [groupsBatchDelete],
  'permission.update': [permissionUpdate],
  'signinField.create': [signInFieldCreate],
  'signinField.update': [signInFieldUpdate, signInFieldStatus],
  'stopWords.import': [stopWordsBatch],
  'stopWords.delete': [stopWordsDelete, stopWordsDeleteV2],
  'template.update': [notificationTplUpdate],
  'category.create': [categoriesCreate],
  'category.update': [categoriesUpdate],
  'category.delete': [categoriesDelete],
  'threads.batch': [threadsBatch],
  'review.submit': [manageSubmitReview],
  'review.purge': [managePurge],
  'topics.update': [topicsBatchUpdate],
  'topics.delete': [topicsBatchDelete],
  'reports.handle': [reportsBatch],
  'reports.delete': [reportsDelete],
  'user.update': [adminUserUpdate],
  'users.examine': [adminUsersExamine],
  'user.avatarDelete': [adminAvatarDelete],
  'wallet.update': [adminUpdateUserWallet],
  'wallet.unfreeze': [adminUnfreezeUserWallet],
  'cash.review': [adminCashReview],
  'invite.revoke': [adminInviteRevoke],
  'plugin.operate': [pluginOperate],
  'plugin.settings': [pluginSettingsSave],
  'plugin.permission': [pluginPermissionSwitch],
  'plugin.upload': [pluginUpload],
} satisfies Record<string, CallContract[]>;

/** A kind of administrator action. */
export type AdminActionKind = keyof typeof kinds;
/** Every kind, in the menu's order (settings, users and groups, content, money, plugins). */
export const ADMIN_ACTION_KINDS = Object.keys(kinds) as [AdminActionKind, ...AdminActionKind[]];

/** The paths a kind's calls answer at (what the log stores). */
export function adminActionPaths(kind: AdminActionKind): string[] {
  return kinds[kind].flatMap((c: CallContract) => [c.path, ...(c.aliases ?? [])]);
}

const kindOfPath = new Map(
  ADMIN_ACTION_KINDS.flatMap((k) => adminActionPaths(k).map((p) => [p, k] as const)),
);

/** The kind of a logged path; null for a call this list does not name (a plugin's own admin call). */
export function adminActionKindOf(path: string): AdminActionKind | null {
  return kindOfPath.get(path) ?? null;
}

/** One administrator write. */
export const adminActionItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** The kind of action, or null for a call without one. */
  action: z.enum(ADMIN_ACTION_KINDS).nullable(),
  path: z.string(),
  input: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
/** One logged write. */
export type AdminActionItem = z.infer<typeof adminActionItem>;

/**
 * `GET backAdmin/actions?userId=&action=&day=`: the admin action log, newest first; by the administrator who
 * acted, the kind of action and the day (UTC, `YYYY-MM-DD`).
 */
export const adminActions = defineCall({
  method: 'GET',
  path: '/api/backAdmin/actions',
  summary: 'The admin action log',
  tags: ['admin'],
  input: pageQuery.extend({
    userId: z.coerce.number({ message: 'userId must be a number' }).int().min(1).optional(),
    action: z
      .enum(ADMIN_ACTION_KINDS, { message: `action must be one of ${ADMIN_ACTION_KINDS.join(', ')}` })
      .optional(),
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'day must be a date as YYYY-MM-DD' })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { message: 'day must be a real date' })
      .optional(),
  }),
  output: pageOf(adminActionItem),
});

/** `GET backAdmin/actions.admins`: the administrators who have acted, for the log's filter. */
export const adminActionAdmins = defineCall({
  method: 'GET',
  path: '/api/backAdmin/actions.admins',
  summary: 'Administrators in the action log',
  tags: ['admin'],
  input: z.object({}),
  output: z.array(z.object({ userId: z.number().int(), username: z.string() })),
});
