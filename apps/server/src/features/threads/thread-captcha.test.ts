import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { solvePow } from '../../test/pow.js';

let t: TestApp;
let member: { token: string };
let admin: { token: string };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  await t.app.forum.database.exec(
    "INSERT INTO group_permissions (group_id, permission) VALUES (10, 'createThreadWithCaptcha')",
  );
  await t.app.forum.groups.changed();
  member = await registerUser(t.app);
  admin = await adminUser(t.app);
});
afterAll(async () => t?.close());

const body = { categoryId: 1, title: '验证', content: { text: '<p>正文</p>' } };

/** Solves the site's proof-of-work challenge. */
async function solve(): Promise<{ captchaTicket: string; captchaRandStr: string }> {
  const c = await call(t.app, 'GET', '/api/v3/captcha');
  return {
    captchaTicket: c.Data.ticket,
    captchaRandStr: solvePow(c.Data.pow.challenge, c.Data.pow.difficulty),
  };
}

describe('captcha for groups with createThreadWithCaptcha', () => {
  it('tom.permissions tells the editor to ask up front; never for administrators', async () => {
    const mine = await call(t.app, 'GET', '/api/v3/tom.permissions', { token: member.token });
    expect(mine.Data.captcha).toBe(true);
    const admins = await call(t.app, 'GET', '/api/v3/tom.permissions', { token: admin.token });
    expect(admins.Data.captcha).toBe(false);
  });

  it('refuses a thread without an answer with the code the client looks for, accepts a right one', async () => {
    const none = await call(t.app, 'POST', '/api/v3/thread.create', { token: member.token, body });
    expect(none.Code).toBe(-4001);
    expect(none.Data).toEqual({ captcha: true });
    const wrong = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: member.token,
      body: { ...body, ...(await solve()), captchaRandStr: '999' },
    });
    expect(wrong.Data).toEqual({ captcha: true });
    const ok = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: member.token,
      body: { ...body, ...(await solve()) },
    });
    expect(ok.Code).toBe(0);
    const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: member.token,
      body: { id: ok.Data.threadId, content: '<p>回复</p>' },
    });
    expect(reply.Data).toEqual({ captcha: true });
  });
});
