import { z } from 'zod';
import { defineCall } from './call.js';
import { numFlag } from './fields.js';

// Extended sign-in fields (reference §1.1; issue 10 §8): the administrator's fields and each user's answers.

/** Field types: 0 single line, 1 multi-line, 2 radio, 3 checkbox, 4 image, 5 file. */
export const SIGNIN_FIELD_TYPES = [0, 1, 2, 3, 4, 5] as const;
/** Field status: -1 disabled, 0 deleted, 1 enabled. */
export const SignInFieldStatus = { DISABLED: -1, DELETED: 0, ENABLED: 1 } as const;
/** Answer status: 0 discarded, 1 pending, 2 rejected, 3 passed. */
export const SignInAnswerStatus = { DISCARDED: 0, PENDING: 1, REJECTED: 2, PASSED: 3 } as const;

/** A field as the administrator defines it. */
export const signInField = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  /** Options of a radio or checkbox field, and other type details. */
  fieldsExt: z.string(),
  fieldsDesc: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  required: z.boolean(),
});
/** A field. */
export type SignInField = z.infer<typeof signInField>;

const typeField = z
  .number({ message: 'type must be a number' })
  .int()
  .refine((v) => (SIGNIN_FIELD_TYPES as readonly number[]).includes(v), { message: 'type must be 0-5' });
const fieldBody = {
  fieldsExt: z.string().max(5000).optional(),
  fieldsDesc: z.string().max(500).optional(),
  /** The spec sends 0/1 (§3 "Sign-in field (create)"), our admin a boolean. */
  required: numFlag('required').optional(),
  status: z.number({ message: 'status must be a number' }).int().min(-1).max(1).optional(),
  /** In the spec's create payload; a field has no remark of its own (answers do), so it is typed and unused. */
  remark: z.string({ message: 'remark must be a string' }).max(500).optional(),
};

/** `POST /api/admin/signinfields.create.v2`: name, type and sort required (spec §5). */
export const signInFieldCreate = defineCall({
  method: 'POST',
  path: '/api/admin/signinfields.create.v2',
  aliases: ['/api/backAdmin/signinfields.create'],
  summary: 'Create a sign-in field',
  tags: ['admin'],
  input: z.object({
    name: z
      .string({ message: 'name must be a string' })
      .trim()
      .min(1, { message: 'name is required' })
      .max(50),
    type: typeField,
    sort: z.number({ message: 'sort must be a number' }).int().min(0).max(10_000),
    ...fieldBody,
  }),
  output: signInField,
});

/** `GET /api/admin/signinfields.list.v2`: every field but deleted ones, by sort. */
export const signInFieldList = defineCall({
  method: 'GET',
  path: '/api/admin/signinfields.list.v2',
  aliases: ['/api/backAdmin/signinfields.list'],
  summary: 'List sign-in fields',
  tags: ['admin'],
  input: z.object({}),
  output: z.array(signInField),
});

/** `GET /api/admin/signinfields.resource.v2?id=`: one field. */
export const signInFieldResource = defineCall({
  method: 'GET',
  path: '/api/admin/signinfields.resource.v2',
  aliases: ['/api/backAdmin/signinfields.resource'],
  summary: 'One sign-in field',
  tags: ['admin'],
  input: z.object({ id: z.coerce.number({ message: 'id must be a number' }).int().min(1) }),
  output: signInField,
});

/** `POST /api/admin/signinfields.update.v2` `{id, status}` (spec §5): enable, disable or delete a field. */
export const signInFieldStatus = defineCall({
  method: 'POST',
  path: '/api/admin/signinfields.update.v2',
  summary: 'Enable, disable or delete a sign-in field',
  tags: ['admin'],
  input: z.object({
    id: z.number({ message: 'id must be a number' }).int().min(1),
    status: z.number({ message: 'status must be a number' }).int().min(-1).max(1),
  }),
  output: signInField,
});

/** `POST backAdmin/signinfields.update`: any of the field's properties. */
export const signInFieldUpdate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/signinfields.update',
  summary: 'Edit a sign-in field',
  tags: ['admin'],
  input: z.object({
    id: z.number().int().min(1),
    name: z.string().trim().min(1).max(50).optional(),
    type: typeField.optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
    ...fieldBody,
  }),
  output: signInField,
});

/** One user's answer to one field. */
export const signInAnswer = z.object({
  id: z.number().int(),
  aid: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  fieldsExt: z.string(),
  status: z.number().int(),
  remark: z.string(),
});

/** `GET /api/user/signinfields.list.v2?userId=`: a user's answers (spec §5: userId a string). */
export const userSignInAnswers = defineCall({
  method: 'GET',
  path: '/api/user/signinfields.list.v2',
  aliases: ['/api/backAdmin/user/signinfields'],
  summary: "A user's sign-in answers (admin)",
  tags: ['admin'],
  input: z.object({
    userId: z
      .string({ message: 'userId is required' })
      .regex(/^\d+$/, { message: 'userId must be a number in a string' }),
  }),
  output: z.array(signInAnswer),
});

/** `GET user/signinfields.list`: the enabled fields with my answers (the supplementary page). */
export const mySignInFields = defineCall({
  method: 'GET',
  path: '/api/v3/user/signinfields.list',
  summary: 'The sign-in fields to fill, with my answers',
  tags: ['users'],
  input: z.object({}),
  output: z.array(signInField.extend({ answer: signInAnswer.nullable() })),
});

/** `POST user/signinfields.create` `{data: [{aid, fieldsExt}]}`: submit (or resubmit) my answers. */
export const mySignInSubmit = defineCall({
  method: 'POST',
  path: '/api/v3/user/signinfields.create',
  summary: 'Submit my sign-in answers',
  tags: ['users'],
  input: z.object({
    data: z
      .array(z.object({ aid: z.number().int().min(1), fieldsExt: z.string().max(5000) }))
      .min(1, { message: 'data is required' })
      .max(100),
  }),
  output: z.object({ userStatus: z.number().int() }),
});

/** Sign-in field types whose answer is an upload: 4 an image, 5 a file (the answer is its address). */
export const SIGN_IN_UPLOAD_TYPES = { 4: 1, 5: 0 } as const;

/**
 * `POST user/signinfields.upload?aid=` (multipart `file`): uploads the picture or file answering an image or
 * file field; the reply's `url` is what the answer carries. Open to accounts that are asked to answer.
 */
export const mySignInUpload = defineCall({
  method: 'POST',
  path: '/api/v3/user/signinfields.upload',
  summary: 'Upload the picture or file answering a sign-in field',
  tags: ['users'],
  input: z.object({ aid: z.coerce.number().int().min(1, { message: 'aid is required' }) }),
  output: z.object({ url: z.string(), fileName: z.string() }),
});
