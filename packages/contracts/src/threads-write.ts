import { z } from 'zod';
import { defineCall } from './call.js';
import { boolish, idField } from './fields.js';
import { freeWordsField, threadPriceField } from './paid-content.js';
import { positionField, threadItem, THREAD_TEXT_MAX } from './threads-item.js';

/** One content block as sent by the editor: its type and a body validated by that type's schema. */
export const tomInput = z.object({
  tomId: z.union([z.coerce.number().int(), z.string().min(1).max(40)]),
  operation: z.string().max(20).optional(),
  body: z.unknown(),
});

/** Thread content: sanitised rich text plus typed blocks keyed by any client-chosen key. */
export const threadContentInput = z.object({
  text: z
    .string()
    .max(THREAD_TEXT_MAX, { message: `text can be at most ${THREAD_TEXT_MAX} characters` })
    .default(''),
  indexes: z.record(z.string().max(40), tomInput).default({}),
});

const threadWriteFields = {
  title: z.string().trim().max(100, { message: 'title can be at most 100 characters' }).default(''),
  categoryId: idField,
  content: threadContentInput,
  position: positionField.optional(),
  anonymous: boolish.default(false),
  draft: boolish.default(false),
  /** Yuan (two decimals, at most 100,000); only one of price and attachmentPrice (needs thread.insertPay). */
  price: threadPriceField('price').default(0),
  attachmentPrice: threadPriceField('attachmentPrice').default(0),
  /** Share of the text a non-payer of a paid thread reads (0 to 1). */
  freeWords: freeWordsField.default(0),
  captchaTicket: z.string().max(500).optional(),
  captchaRandStr: z.string().max(500).optional(),
};

/** `POST thread.create`. */
export const threadCreate = defineCall({
  method: 'POST',
  path: '/api/v3/thread.create',
  summary: 'Create a thread (or a draft)',
  tags: ['threads'],
  input: z.object(threadWriteFields),
  output: threadItem,
});

/** `POST thread.update`: any field; indexes replace the thread's blocks. */
export const threadUpdate = defineCall({
  method: 'POST',
  path: '/api/v3/thread.update',
  summary: 'Edit a thread (own with editOwnThreadOrPost, anyone with thread.edit)',
  tags: ['threads'],
  input: z.object({
    threadId: idField,
    // Without their create defaults: a field left out keeps its value (else an edit made a paid thread free).
    title: threadWriteFields.title.unwrap().optional(),
    categoryId: idField.optional(),
    content: threadContentInput.optional(),
    position: positionField.optional(),
    anonymous: boolish.optional(),
    draft: boolish.optional(),
    price: threadWriteFields.price.unwrap().optional(),
    attachmentPrice: threadWriteFields.attachmentPrice.unwrap().optional(),
    freeWords: threadWriteFields.freeWords.unwrap().optional(),
  }),
  output: threadItem,
});

/** `POST thread.delete`: soft delete, recording who. */
export const threadDelete = defineCall({
  method: 'POST',
  path: '/api/v3/thread.delete',
  summary: 'Delete a thread (soft)',
  tags: ['threads'],
  input: z.object({ threadId: idField }),
  output: z.object({ threadId: z.number().int() }),
});

/** `POST threads/operate`: essence, sticky, favourite, recommend-to-home. */
export const threadOperate = defineCall({
  method: 'POST',
  path: '/api/v3/threads/operate',
  summary: 'Mark essence, pin, favourite or recommend a thread',
  tags: ['threads'],
  input: z.object({
    id: idField.optional(),
    threadId: idField.optional(),
    isEssence: boolish.optional(),
    isSticky: boolish.optional(),
    isFavorite: boolish.optional(),
    isSite: boolish.optional(),
    /** Position among pinned threads (smaller first). */
    stickSort: z.coerce.number().int().min(0).max(10000).optional(),
  }),
  output: threadItem,
});

/** `POST thread.share`: counts a share. */
export const threadShare = defineCall({
  method: 'POST',
  path: '/api/v3/thread.share',
  summary: 'Count a share of a thread',
  tags: ['threads'],
  input: z.object({ threadId: idField }),
  output: z.object({ threadId: z.number().int(), shareCount: z.number().int() }),
});

/** `POST user/thread.stick`: pin one own thread on one's profile (status 0 unpins). */
export const userThreadStick = defineCall({
  method: 'POST',
  path: '/api/v3/user/thread.stick',
  summary: 'Pin one of my threads on my profile',
  tags: ['threads'],
  input: z.object({ threadId: idField, status: z.coerce.number().int().min(0).max(1).default(1) }),
  output: z.object({ threadId: z.number().int(), status: z.number().int() }),
});

/**
 * A captcha challenge: a question to answer, or (`pow`) a proof of work: find a decimal nonce whose
 * sha256(`challenge:nonce`) starts with `difficulty` zero bits; the nonce is the answer.
 */
export const captchaChallenge = z.object({
  ticket: z.string(),
  question: z.string(),
  pow: z.object({ challenge: z.string(), difficulty: z.number().int() }).optional(),
});
/** A captcha challenge. */
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** `GET captcha`: a challenge from the site's captcha (registration, groups with `createThreadWithCaptcha`). */
export const captchaIssue = defineCall({
  method: 'GET',
  path: '/api/v3/captcha',
  summary: 'A captcha challenge: send `ticket` back as captchaTicket and the answer as captchaRandStr',
  tags: ['threads'],
  input: z.object({}),
  output: captchaChallenge,
});
