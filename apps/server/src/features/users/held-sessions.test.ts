import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, registerUser, startInstances, startTestApp, type TestApp } from '../../test/harness.js';

// A page's fast path keeps a connection's viewer between its requests and asks, each time, whether the
// session it was found from still holds (issue 30). These pin every way a session ends: a logout (here or on
// another instance), a change for the member or for everyone, and the cache's own time.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Signs a new member in and caches their session, as their first request would. */
async function signedIn(app = t.app) {
  const u = await registerUser(app);
  await app.forum.users.resolveActor(u.token, 'cookie');
  return u;
}

describe('a kept session says when it no longer holds', () => {
  it('holds while the cached session is the same and fresh', async () => {
    const u = await signedIn();
    const held = t.app.forum.users.peekHeldActor(u.token, 'cookie');
    expect(held?.actor).toMatchObject({ userId: u.userId, via: 'cookie' });
    expect(held!.holds()).toBe(true);
    expect(held!.holds()).toBe(true);
    // A token nobody has, or one whose session is not cached, is not at hand at all.
    expect(t.app.forum.users.peekHeldActor('no-such-token', 'cookie')).toBeNull();
  });

  it('ends with a logout', async () => {
    const u = await signedIn();
    const held = t.app.forum.users.peekHeldActor(u.token, 'cookie')!;
    const out = await call(t.app, 'POST', '/api/v3/users/logout', { token: u.token });
    expect(out.Code).toBe(0);
    expect(held.holds()).toBe(false);
    expect(t.app.forum.users.peekHeldActor(u.token, 'cookie')).toBeNull();
  });

  it("ends with a change for the member (a ban, a group, a purchase) or for everyone (a group's permissions)", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const heldA = t.app.forum.users.peekHeldActor(a.token, 'cookie')!;
    const heldB = t.app.forum.users.peekHeldActor(b.token, 'cookie')!;
    await t.app.forum.users.sessionsChanged(a.userId);
    expect(heldA.holds()).toBe(false);
    expect(heldB.holds()).toBe(true);
    await t.app.forum.users.sessionsChanged();
    expect(heldB.holds()).toBe(false);
    // Found again after the change: a new answer that holds; the old one stays ended.
    await t.app.forum.users.resolveActor(b.token, 'cookie');
    expect(t.app.forum.users.peekHeldActor(b.token, 'cookie')!.holds()).toBe(true);
    expect(heldB.holds()).toBe(false);
  });

  it('ends when the cached session is too old to trust without asking the database', async () => {
    const u = await signedIn();
    const held = t.app.forum.users.peekHeldActor(u.token, 'cookie')!;
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      expect(held.holds()).toBe(false);
      expect(t.app.forum.users.peekHeldActor(u.token, 'cookie')).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)(
  `two instances${process.env.REDIS_URL ? '' : ' (skipped: REDIS_URL is not set)'}`,
  () => {
    it('a logout on one instance ends what the other kept', async () => {
      const { apps, close } = await startInstances(2);
      try {
        const [a, b] = apps as [typeof t.app, typeof t.app];
        const u = await signedIn(a);
        await b.forum.users.resolveActor(u.token, 'cookie');
        const held = b.forum.users.peekHeldActor(u.token, 'cookie')!;
        expect(held.holds()).toBe(true);
        expect((await call(a, 'POST', '/api/v3/users/logout', { token: u.token })).Code).toBe(0);
        await expect.poll(() => held.holds(), { timeout: 5_000 }).toBe(false);
      } finally {
        await close();
      }
    });
  },
);
