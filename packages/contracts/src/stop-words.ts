import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { boolish, idList } from './fields.js';

const action = z.enum(['{IGNORE}', '{REPLACE}', '{MOD}', '{BANNED}']);

/** A stop word as the admin sees it (reference §1.12). */
export const stopWordItem = z.object({
  id: z.number().int(),
  find: z.string(),
  replacement: z.string(),
  ugc: action,
  username: action,
  signature: action,
  dialog: action,
  nickname: action,
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A stop word row. */
export type StopWordItem = z.infer<typeof stopWordItem>;

/** Lines from a JSON array, or one newline-separated string (a pasted text file). */
const lines = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/\r?\n/) : v),
  z.array(z.string().max(1000)).min(1, { message: 'words is required' }).max(10_000),
);

/** `POST stopwords.batch`: import `word`, `word=repl`, `word={MOD}`, `word={ugc}|{username}|...` lines. */
export const stopWordsBatch = defineCall({
  method: 'POST',
  path: '/api/backAdmin/stopwords.batch',
  aliases: ['/api/stop-words/batch.v2'],
  summary: 'Import stop words in bulk (admin)',
  tags: ['stop-words'],
  input: z
    .object({
      words: lines.optional(),
      overwrite: boolish.default(false),
      type: z.string().max(50).optional(),
      // The spec's SDK wraps the payload as `{data: {type, words, overwrite}}`.
      data: z
        .object({ words: lines, overwrite: boolish.default(false), type: z.string().max(50).optional() })
        .optional(),
    })
    .transform((v) => ({
      words: v.data?.words ?? v.words ?? [],
      overwrite: v.data?.overwrite ?? v.overwrite,
    }))
    .refine((v) => v.words.length > 0, { message: 'words is required', path: ['words'] }),
  output: z.object({ created: z.number().int(), updated: z.number().int(), unique: z.number().int() }),
});

/** `GET stopwords.list`: paged, newest first, `filter[keyword]` (or `filter` as a plain string) narrows. */
export const stopWordsList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/stopwords.list',
  aliases: ['/api/stop-words.v2'],
  summary: 'List stop words (admin)',
  tags: ['stop-words'],
  input: pageQuery.extend({
    filter: z
      .union([z.string().max(200), z.object({ keyword: z.string().max(200).optional() })])
      .optional()
      .transform((f) => (typeof f === 'string' ? f : f?.keyword)?.trim() || undefined),
  }),
  output: pageOf(stopWordItem),
});

const deleteInput = z
  .object({
    id: idList,
    data: z.object({ id: idList }).optional(),
  })
  .transform((v) => ({ ids: v.data?.id ?? v.id ?? [] }))
  .refine((v) => v.ids.length > 0, { message: 'id is required', path: ['id'] });

/** `POST stopwords.delete {id}` (one id, a comma list or an array). */
export const stopWordsDelete = defineCall({
  method: 'POST',
  path: '/api/backAdmin/stopwords.delete',
  summary: 'Delete stop words (admin)',
  tags: ['stop-words'],
  input: deleteInput,
  output: z.object({ deleted: z.number().int() }),
});

/** `DELETE /api/stop-words.v2` (the spec's SDK name for the same delete). */
export const stopWordsDeleteV2 = defineCall({
  method: 'DELETE',
  path: '/api/stop-words.v2',
  summary: 'Delete stop words (admin, spec path)',
  tags: ['stop-words'],
  input: deleteInput,
  output: z.object({ deleted: z.number().int() }),
});

/**
 * `GET backAdmin/stopWords/export`: every stop word as text in the import's own line format
 * (`word=ugc|username|signature|dialog|nickname`, a replacement in place of `{REPLACE}`), so it imports back.
 */
export const stopWordsExport = defineCall({
  method: 'GET',
  path: '/api/backAdmin/stopWords/export',
  summary: 'Export stop words as text (admin)',
  tags: ['admin'],
  input: z.object({}),
  output: z.unknown(),
});
