import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let ann: U;
let ben: U;
let cat: U;

beforeAll(async () => {
  t = await startTestApp();
  [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
});
afterAll(async () => t?.close());

const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const counts = async (id: number) =>
  (
    await t.app.forum.database.exec(
      `SELECT follow_count AS f, fans_count AS n,
        (SELECT count(*)::int FROM user_follow WHERE from_user_id = $1) AS rf,
        (SELECT count(*)::int FROM user_follow WHERE to_user_id = $1) AS rn
       FROM users WHERE id = $1`,
      [id],
    )
  ).rows[0] as { f: number; n: number; rf: number; rn: number };

describe('follows', () => {
  it('follows, turns mutual when followed back, lists with the viewer state, unfollows', async () => {
    const a = await post(ann.token, 'follow.create', { toUserId: ben.userId });
    expect(a.Code).toBe(0);
    expect(a.Data).toMatchObject({ isMutual: false, fansCount: 1 });
    const b = await post(ben.token, 'follow.create', { toUserId: ann.userId });
    expect(b.Data.isMutual).toBe(true);
    const list = await call(t.app, 'GET', '/api/v3/follow.list', { token: ann.token });
    expect(list.Data.pageData).toEqual([
      expect.objectContaining({ userId: ben.userId, follow: 2, isDeny: false }),
    ]);
    const fans = await call(t.app, 'GET', '/api/v3/follow.list', {
      token: cat.token,
      query: { 'filter[type]': '2', 'filter[userId]': String(ben.userId) },
    });
    expect(fans.Data.pageData.map((u: { userId: number }) => u.userId)).toEqual([ann.userId]);
    const un = await post(ann.token, 'follow.delete', { id: ben.userId, type: 1 });
    expect(un.Data).toEqual({ followCount: 1, fansCount: 0 });
    // Ben still follows Ann, no longer mutually; Ann removes him from her fans.
    const again = await call(t.app, 'GET', '/api/v3/follow.list', { token: ben.token });
    expect(again.Data.pageData[0]).toMatchObject({ userId: ann.userId, follow: 1 });
    expect((await post(ann.token, 'follow.delete', { id: ben.userId, type: 2 })).Code).toBe(0);
    for (const u of [ann, ben]) expect(await counts(u.userId)).toEqual({ f: 0, n: 0, rf: 0, rn: 0 });
  });

  it("answers the original's errors, -4001 naming the field, and login for guests", async () => {
    expect((await post(ann.token, 'follow.create', { toUserId: ann.userId })).Code).toBe(-7059);
    expect((await post(ann.token, 'follow.create', { toUserId: 999999 })).Code).toBe(-7060);
    const bad = await post(ann.token, 'follow.create', { toUserId: 'abc' });
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('toUserId');
    expect((await post(undefined, 'follow.create', { toUserId: ann.userId })).Code).toBe(-3001);
    expect((await call(t.app, 'GET', '/api/v3/users/deny.list')).Code).toBe(-3001);
  });

  it('needs userFollow.create', async () => {
    const db = t.app.forum.database;
    await db.exec(`DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'userFollow.create'`);
    await t.app.forum.groups.changed();
    // Cached sessions hold their group's permissions for a few seconds; drop them as an admin change does.
    await t.app.forum.users.sessionsChanged();
    try {
      expect((await post(ann.token, 'follow.create', { toUserId: cat.userId })).Code).toBe(-4002);
    } finally {
      await db.exec(`INSERT INTO group_permissions (group_id, permission) VALUES (10, 'userFollow.create')`);
      await t.app.forum.groups.changed();
      await t.app.forum.users.sessionsChanged();
    }
  });

  it('a block ends follows both ways and refuses new ones from either side; unblock lifts it', async () => {
    await post(ann.token, 'follow.create', { toUserId: cat.userId });
    await post(cat.token, 'follow.create', { toUserId: ann.userId });
    expect((await post(ann.token, 'users/deny.create', { id: cat.userId })).Data).toEqual({ isDeny: true });
    for (const u of [ann, cat]) expect(await counts(u.userId)).toEqual({ f: 0, n: 0, rf: 0, rn: 0 });
    expect((await post(cat.token, 'follow.create', { toUserId: ann.userId })).Code).toBe(-7061);
    expect((await post(ann.token, 'follow.create', { toUserId: cat.userId })).Code).toBe(-7068);
    const denied = await call(t.app, 'GET', '/api/v3/users/deny.list', { token: ann.token });
    expect(denied.Data.pageData).toEqual([expect.objectContaining({ userId: cat.userId, isDeny: true })]);
    expect((await post(ann.token, 'users/deny.create', { id: ann.userId })).Code).toBe(-4001);
    expect((await post(ann.token, 'users/deny.delete', { id: cat.userId })).Data).toEqual({ isDeny: false });
    expect((await post(cat.token, 'follow.create', { toUserId: ann.userId })).Code).toBe(0);
    await post(cat.token, 'follow.delete', { id: ann.userId });
  });

  it('1,000 concurrent follows and unfollows between the same users leave counters equal to the rows', async () => {
    await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const [from, to] = i % 2 ? [ann, ben] : [ben, ann];
        return i % 3 === 0
          ? post(from.token, 'follow.delete', { id: to.userId, type: 1 })
          : post(from.token, 'follow.create', { toUserId: to.userId });
      }),
    );
    for (const u of [ann, ben]) {
      const c = await counts(u.userId);
      expect(c.f).toBe(c.rf);
      expect(c.n).toBe(c.rn);
    }
    const rows = (
      await t.app.forum.database.exec(
        `SELECT from_user_id, is_mutual FROM user_follow WHERE from_user_id IN ($1, $2) AND to_user_id IN ($1, $2)`,
        [ann.userId, ben.userId],
      )
    ).rows as Array<{ is_mutual: boolean }>;
    // Mutual exactly when both rows exist.
    for (const r of rows) expect(r.is_mutual).toBe(rows.length === 2);
    // About correctness under contention, not speed: a loaded CI machine took over 30 s.
  }, 120_000);
});
