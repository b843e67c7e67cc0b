import { createHash } from 'node:crypto';
import { notifications } from '../notifications/notifications.table.js';
import { adminSignInFields, userSignInFields } from '../signin-fields/signin-fields.table.js';
import { entityStep } from './link-step.js';
import { allocIds, bool, date, int, str, type Step } from './runner.js';

/** 48 bits of a hash: an id-map key for rows whose id is not a number (notifications have UUIDs). */
export const hashId = (s: string) =>
  Number.parseInt(createHash('sha256').update(s).digest('hex').slice(0, 12), 16);

export const signInFieldsStep: Step = {
  table: 'admin_sign_in_fields',
  async write({ tx }, rows) {
    const ids = await allocIds(tx, 'admin_sign_in_fields', rows.length);
    await tx.insert(adminSignInFields).values(
      rows.map((r, i) => ({
        id: ids[i]!,
        name: str(r.name).slice(0, 50),
        type: int(r.type),
        fieldsExt: str(r.fields_ext),
        fieldsDesc: str(r.fields_desc).slice(0, 500),
        sort: int(r.sort),
        status: int(r.status),
        required: bool(r.required),
      })),
    );
    return rows.map((r, i) => [int(r.id), ids[i]!]);
  },
};

export const userSignInFieldsStep = entityStep({
  table: 'user_sign_in_fields',
  needs: ['admin_sign_in_fields', 'users'],
  required: [
    ['aid', 'admin_sign_in_fields', 'field or user not imported'],
    ['user_id', 'users', 'field or user not imported'],
  ],
  into: 'user_sign_in_fields',
  insert: (tx, items, maps) =>
    tx
      .insert(userSignInFields)
      .values(
        items.map(({ r, id }) => ({
          id,
          aid: maps.get('admin_sign_in_fields', r.aid),
          userId: maps.get('users', r.user_id),
          fieldsExt: str(r.fields_ext),
          remark: str(r.remark).slice(0, 500),
          status: int(r.status),
          createdAt: date(r.created_at) ?? new Date(),
        })),
      )
      .onConflictDoNothing(),
});

/** Ids inside a notification's data that name source rows, renamed to ours. */
const DATA_IDS: Record<string, string> = {
  user_id: 'users',
  thread_id: 'threads',
  post_id: 'posts',
  reply_post_id: 'posts',
};

export const notificationsStep: Step = {
  table: 'notifications',
  needs: ['users', 'threads', 'posts'],
  sourceId: (r) => hashId(str(r.id)),
  async write({ tx, maps, skip }, rows) {
    const out: Array<[number, number]> = [];
    const values = [];
    for (const r of rows) {
      const userId = maps.get('users', r.notifiable_id);
      if (!userId) {
        skip('recipient not imported');
        continue;
      }
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(str(r.data) || '{}') as Record<string, unknown>;
      } catch {
        data = {};
      }
      for (const [k, t] of Object.entries(DATA_IDS)) if (k in data) data[k] = maps.get(t, data[k]);
      // The original stores a class name (App\Notifications\Replied) or the short type.
      const type = (str(r.type).split('\\').pop() ?? '').toLowerCase().slice(0, 32);
      values.push({
        userId,
        type,
        senderId: int(data.user_id) || null,
        data,
        readAt: date(r.read_at),
        createdAt: date(r.created_at) ?? new Date(),
      });
      out.push([hashId(str(r.id)), 0]);
    }
    if (values.length === 0) return out;
    const ids = await tx.insert(notifications).values(values).returning({ id: notifications.id });
    return out.map(([s], i) => [s, ids[i]!.id]);
  },
};
