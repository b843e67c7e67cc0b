import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs/promises';
import { settings } from '../settings/settings.table.js';
import { stopWords } from '../stop-words/stop-words.table.js';
import { threadTopics, topics } from '../topics/topics.table.js';
import { extensionOf, sniff, type AttachmentStorage } from '../attachments/index.js';
import { linkStep } from './link-step.js';
import { allocIds, bool, date, int, str, type Step } from './runner.js';

/** Settings that belong to the old installation (its keys, its URLs) and must not overwrite ours. */
const KEEP_OURS = new Set(['site_url', 'api_freq', 'site_install', 'site_manage']);

/** A setting's place in the id map (settings have no id): 48 bits of a hash of tag and key. */
const settingId = (tag: string, key: string) =>
  Number.parseInt(createHash('sha256').update(`${tag}\u0000${key}`).digest('hex').slice(0, 12), 16);

/**
 * The source's value replaces the default a fresh install wrote, once: a re-run leaves alone what an
 * administrator changed here since.
 */
export const settingsStep: Step = {
  table: 'settings',
  keys: ['key', 'tag'],
  async write({ tx, maps, skip }, rows) {
    const done = await maps.load('settings');
    const pairs: Array<[number, number]> = [];
    for (const r of rows) {
      const key = str(r.key).slice(0, 100);
      const tag = str(r.tag) || 'default';
      const id = settingId(tag, key);
      if (done.has(id)) continue;
      if (KEEP_OURS.has(key)) {
        skip('installation-specific setting kept as it is here');
        continue;
      }
      await tx
        .insert(settings)
        .values({ key, tag, value: str(r.value) })
        .onConflictDoUpdate({ target: [settings.key, settings.tag], set: { value: str(r.value) } });
      pairs.push([id, id]);
    }
    await maps.save(tx, 'settings', pairs);
    maps.remember('settings', pairs);
    return pairs.length;
  },
};

export const stopWordsStep: Step = {
  table: 'stop_words',
  needs: ['users'],
  async write({ tx, maps }, rows) {
    const ids = await allocIds(tx, 'stop_words', rows.length);
    await tx
      .insert(stopWords)
      .values(
        rows.map((r, i) => ({
          id: ids[i]!,
          userId: maps.get('users', r.user_id) || null,
          find: str(r.find).slice(0, 200),
          replacement: str(r.replacement).slice(0, 200) || '**',
          ugc: str(r.ugc).slice(0, 10) || '{IGNORE}',
          username: str(r.username).slice(0, 10) || '{IGNORE}',
          signature: str(r.signature).slice(0, 10) || '{IGNORE}',
          dialog: str(r.dialog).slice(0, 10) || '{IGNORE}',
          nickname: str(r.nickname).slice(0, 10) || '{IGNORE}',
        })),
      )
      .onConflictDoNothing();
    return rows.map((r, i) => [int(r.id), ids[i]!]);
  },
};

export const topicsStep: Step = {
  table: 'topics',
  needs: ['users'],
  async write({ tx, maps }, rows) {
    const ids = await allocIds(tx, 'topics', rows.length);
    await tx.insert(topics).values(
      rows.map((r, i) => ({
        id: ids[i]!,
        userId: maps.get('users', r.user_id),
        content: str(r.content).slice(0, 100),
        threadCount: int(r.thread_count),
        viewCount: int(r.view_count),
        recommended: bool(r.recommended),
        recommendedAt: date(r.recommended_at),
        createdAt: date(r.created_at) ?? new Date(),
      })),
    );
    return rows.map((r, i) => [int(r.id), ids[i]!]);
  },
};

export const threadTopicsStep = linkStep({
  table: 'thread_topic',
  sides: [
    { column: 'thread_id', from: 'threads', missing: 'thread not imported' },
    { column: 'topic_id', from: 'topics', missing: 'topic not imported' },
  ],
  target: threadTopics,
  row: (threadId, topicId) => ({ threadId, topicId }),
});

/**
 * `--files DIR`: copies each imported attachment's file from the original's storage folder to ours under
 * the same relative path, after the same magic-byte check as an upload.
 */
export function filesStep(dir: string, storage: AttachmentStorage): Step {
  return {
    table: 'attachments',
    name: 'attachment_files',
    needs: ['attachments'],
    async write({ maps, skip }, rows) {
      const out: Array<[number, number]> = [];
      for (const r of rows) {
        const ours = maps.get('attachments', r.id);
        if (!ours) {
          skip('attachment not imported');
          continue;
        }
        if (bool(r.is_remote)) {
          skip('file on remote storage: not copied');
          continue;
        }
        const rel = `${str(r.file_path)}${str(r.attachment)}`;
        const data = await fs.readFile(path.join(dir, rel)).catch(() => null);
        if (!data) {
          skip('file missing in --files');
          continue;
        }
        try {
          await sniff(data, extensionOf(str(r.attachment)));
          await storage.put(rel, data);
          out.push([int(r.id), ours]);
        } catch {
          skip('file content does not match its extension');
        }
      }
      return out;
    },
  };
}
