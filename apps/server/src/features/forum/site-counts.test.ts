import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const counts = async () => (await call(t.app, 'GET', '/api/v3/forum')).Data.setSite.siteCount;

describe('site counts', () => {
  it('a new thread shows in the counts within about a second, not after the 30 s refresh', async () => {
    const before = await counts();
    const alice = await registerUser(t.app);
    const r = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: alice.token,
      body: { categoryId: 1, title: '计数', content: { text: '<p>第一帖</p>' } },
    });
    expect(r.Code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await counts();
    expect(after.threads).toBe(before.threads + 1);
    expect(after.users).toBe(before.users + 1);
  });
});
