import { z } from 'zod';
import { defineCall } from './call.js';
import { currentUser, nicknameField, passwordField } from './users.js';

/** Longest signature (reference -7058). */
export const SIGNATURE_MAX = 140;

/**
 * `POST users/update.user`: the member's own nickname, signature or password. A password change needs the
 * current password (when the account has one) and ends every other session of the account.
 */
export const updateUser = defineCall({
  method: 'POST',
  path: '/api/v3/users/update.user',
  summary: 'Change my nickname, signature or password',
  tags: ['users'],
  input: z
    .object({
      nickname: nicknameField.optional(),
      signature: z
        .string()
        .max(SIGNATURE_MAX, { message: `signature can be at most ${SIGNATURE_MAX} characters` })
        .optional(),
      password: z.string().max(100).optional(),
      newPassword: passwordField.optional(),
      passwordConfirmation: z.string().max(100).optional(),
    })
    .refine((v) => v.newPassword === undefined || v.newPassword === v.passwordConfirmation, {
      message: 'passwordConfirmation does not match newPassword',
      path: ['passwordConfirmation'],
    }),
  output: currentUser,
});

/** `GET users/avatar/:file`: an avatar (public, cached for good: the file name changes with each upload). */
export const avatarFile = defineCall({
  method: 'GET',
  path: '/api/v3/users/avatar/:file',
  summary: 'An avatar image',
  tags: ['users'],
  input: z.object({}),
  output: z.unknown(),
});

/** `POST users/avatar` (multipart, one file): my avatar, cropped square and re-encoded to 256 px. */
export const avatarUpload = defineCall({
  method: 'POST',
  path: '/api/v3/users/avatar',
  summary: 'Upload my avatar (multipart)',
  tags: ['users'],
  input: z.object({}),
  output: currentUser,
});
