import { z } from 'zod';
import { defineCall } from './call.js';

/** What a paid group's button does for the viewer: 0 nothing, 1 renew (their own group), 2 upgrade (a higher level). */
export const UpgradeButton = { NONE: 0, RENEW: 1, UPGRADE: 2 } as const;

/** A paid group as the original clients' "upgrade" page lists it. */
export const upgradeGroupItem = z.object({
  groupId: z.number().int(),
  name: z.string(),
  description: z.string(),
  notice: z.string(),
  color: z.string(),
  icon: z.string(),
  isPaid: z.boolean(),
  /** Price in yuan with two decimals. */
  fee: z.string(),
  days: z.number().int(),
  level: z.number().int(),
  button: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
/** A paid group listed for upgrading. */
export type UpgradeGroupItem = z.infer<typeof upgradeGroupItem>;

/** `GET upgrade.group` (also at `/apiv3/upgrade.group`, where the original client calls it): paid groups, by level. */
export const upgradeGroupList = defineCall({
  method: 'GET',
  path: '/api/v3/upgrade.group',
  summary: 'Paid groups a member may renew or upgrade to',
  tags: ['groups'],
  input: z.object({}),
  output: z.array(upgradeGroupItem),
});
