import { z } from 'zod';
import { defineCall } from './call.js';
import { numFlag } from './fields.js';

// Groups and their permissions for administrators (issue 10 §1, §4). Fees are in yuan on the wire (two
// decimals, as the original) and in fen inside.

/** A group as the admin area shows it. */
export const adminGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  color: z.string(),
  icon: z.string(),
  isDefault: z.boolean(),
  isDisplay: z.boolean(),
  isPaid: z.boolean(),
  /** Yuan. */
  fee: z.number(),
  days: z.number().int(),
  level: z.number().int(),
  description: z.string(),
  notice: z.string(),
  /** Inviter commission in tenths (0–10). */
  scale: z.number().int(),
  isSubordinate: z.boolean(),
  isCommission: z.boolean(),
  /** The preset groups (1, 6, 7, 8, 10) cannot be deleted. */
  isPreset: z.boolean(),
  userCount: z.number().int(),
});
/** A group. */
export type AdminGroup = z.infer<typeof adminGroup>;

const nameField = z
  .string({ message: 'name is required' })
  .trim()
  .min(1, { message: 'name is required' })
  .max(50, { message: 'name can be at most 50 characters' });
const feeField = z
  .number({ message: 'fee must be a number' })
  .min(0)
  .max(100_000, { message: 'fee can be at most 100000' });

/**
 * Optional group fields, typed (spec §5 "Group create: other fields typed but optional"). The spec sends
 * `isPaid` as a number (§3 "Group (create)"), our admin a boolean: flags take either.
 */
const groupFields = {
  type: z.string().max(50).optional(),
  color: z.string().max(20).optional(),
  icon: z.string().max(500).optional(),
  isDisplay: numFlag('isDisplay').optional(),
  isPaid: numFlag('isPaid').optional(),
  fee: feeField.optional(),
  days: z.number({ message: 'days must be a number' }).int().min(0).max(36_500).optional(),
  level: z.number().int().min(0).max(5).optional(),
  description: z.string().max(100).optional(),
  notice: z.string().max(400).optional(),
  scale: z.number().int().min(0).max(10, { message: 'scale is 0-10 (tenths)' }).optional(),
  isSubordinate: numFlag('isSubordinate').optional(),
  isCommission: numFlag('isCommission').optional(),
  isDefault: numFlag('isDefault').optional(),
};

/** `GET /api/groups.list.v2`: every group. */
export const groupsList = defineCall({
  method: 'GET',
  path: '/api/groups.list.v2',
  aliases: ['/api/backAdmin/groups.list'],
  summary: 'List groups',
  tags: ['admin'],
  input: z.object({}),
  output: z.array(adminGroup),
});

/** `GET /api/group.resource.v2?id=&include=permission`: one group, with its permissions when asked. */
export const groupResource = defineCall({
  method: 'GET',
  path: '/api/group.resource.v2',
  aliases: ['/api/backAdmin/groups.resource'],
  summary: 'One group (and its permissions)',
  tags: ['admin'],
  input: z.object({
    id: z.coerce.number({ message: 'id is required' }).int().min(1, { message: 'id is required' }),
    include: z.string().max(50).optional(),
  }),
  output: adminGroup.extend({ permissions: z.array(z.string()).optional() }),
});

/** `POST /api/groups.create.v2`: name required, the rest typed and optional. */
export const groupCreate = defineCall({
  method: 'POST',
  path: '/api/groups.create.v2',
  aliases: ['/api/backAdmin/groups.create'],
  summary: 'Create a group',
  tags: ['admin'],
  input: z.object({ name: nameField, ...groupFields }),
  output: adminGroup,
});

/** `POST /api/groups/batchupdate.v2`: `data` items need id, name, type and scale (spec §5). */
export const groupsBatchUpdateV2 = defineCall({
  method: 'POST',
  path: '/api/groups/batchupdate.v2',
  summary: 'Update several groups (spec payload)',
  tags: ['admin'],
  input: z.object({
    data: z
      .array(
        z.object({
          ...groupFields,
          id: z.number({ message: 'id must be a number' }).int().min(1),
          name: nameField,
          type: z.string({ message: 'type must be a string' }).max(50),
          scale: z.number({ message: 'scale must be a number' }).int().min(0).max(10),
        }),
      )
      .min(1, { message: 'data is required' })
      .max(100),
  }),
  output: z.array(adminGroup),
});

/** One group's editable fields as the admin's group form sends them (validated there before sending). */
export const groupEdit = z.object({ ...groupFields, id: z.number().int().min(1), name: nameField });

/** `POST backAdmin/groups.batchupdate`: the same, only id required. */
export const groupsBatchUpdate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/groups.batchupdate',
  summary: 'Update several groups',
  tags: ['admin'],
  input: z.object({
    data: z
      .array(z.object({ ...groupFields, id: z.number().int().min(1), name: nameField.optional() }))
      .min(1, { message: 'data is required' })
      .max(100),
  }),
  output: z.array(adminGroup),
});

/** `POST /api/groups.batchdelete.v2` `{ids: "3,12"}`: preset groups refuse; members move to the default group. */
export const groupsBatchDelete = defineCall({
  method: 'POST',
  path: '/api/groups.batchdelete.v2',
  aliases: ['/api/backAdmin/groups.batchdelete'],
  summary: 'Delete groups',
  tags: ['admin'],
  input: z.object({
    ids: z
      .string({ message: 'ids must be a string' })
      .regex(/^\d+(,\d+)*$/, { message: 'ids must be comma-separated numbers' })
      .max(1000),
  }),
  output: z.object({ deleted: z.array(z.number().int()) }),
});

/** `POST /api/permission.v2` `{groupId, permissions}`: replaces a group's permissions. */
export const permissionUpdate = defineCall({
  method: 'POST',
  path: '/api/permission.v2',
  aliases: ['/api/backAdmin/permission.update'],
  summary: "Replace a group's permissions",
  tags: ['admin'],
  input: z.object({
    groupId: z.number({ message: 'groupId must be a number' }).int().min(1),
    permissions: z.array(z.string().min(1).max(100), { message: 'permissions must be an array' }).max(2000),
  }),
  output: z.object({ groupId: z.number().int(), permissions: z.array(z.string()) }),
});
