import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// `groupCache` routes share one reply per group until the next write; these tests watch a change made behind
// the API's back (plain SQL, which clears nothing) to see who is served the shared reply and when it goes.
let t: TestApp;
let admin: { token: string };
let alice: { token: string };
let bob: { token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => t?.close());

const categoryName = async (token?: string) =>
  (await call(t.app, 'GET', '/api/v3/categories', { token })).Data[0].name as string;
const rename = (name: string) =>
  t.app.forum.database.exec('UPDATE categories SET name = $1 WHERE id = 1', [name]);

describe('replies shared per group', () => {
  it('members of one group share a reply; another group and guests do not; a write ends it', async () => {
    expect(await categoryName(alice.token)).toBe('默认分类');
    await rename('改名之后');
    // Bob is in Alice's group: he gets the reply computed for her.
    expect(await categoryName(bob.token)).toBe('默认分类');
    // The administrator and guests have their own entries, computed now.
    expect(await categoryName(admin.token)).toBe('改名之后');
    expect(await categoryName()).toBe('改名之后');
    const write = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: alice.token,
      body: { categoryId: 1, title: '随便写点', content: { text: '<p>一次写入</p>' } },
    });
    expect(write.Code).toBe(0);
    expect(await categoryName(bob.token)).toBe('改名之后');
  });
});
