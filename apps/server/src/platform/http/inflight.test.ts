import { describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp } from '../../test/harness.js';
import { InFlight } from './inflight.js';

describe('in-flight handlers at shutdown', () => {
  it('drain waits for every running handler', async () => {
    const inflight = new InFlight();
    let release!: () => void;
    const slow = inflight.run(() => new Promise<string>((r) => (release = () => r('done'))));
    let drained = false;
    const drain = inflight.drain().then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    release();
    expect(await slow).toBe('done');
    await drain;
    expect(drained).toBe(true);
    await expect(inflight.drain()).resolves.toBeUndefined();
  });

  it('closing the app lets replies already being written finish on the database', async () => {
    const t = await startTestApp();
    const alice = await registerUser(t.app);
    const created = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: alice.token,
      body: { categoryId: 1, title: '关停', content: { text: '<p>正文</p>' } },
    });
    const replies = Array.from({ length: 12 }, (_, i) =>
      call(t.app, 'POST', '/api/v3/posts.create', {
        token: alice.token,
        body: { id: created.Data.threadId, content: `<p>回复 ${i}</p>` },
      }),
    );
    // Close while the replies are in their handlers: without the drain the database closes under them (-5002).
    await new Promise((r) => setImmediate(r));
    const closing = t.close();
    const results = await Promise.all(replies);
    await closing;
    // Each reply either finished (0) or was turned away before it started (-5001, HTTP 503): never a crash.
    for (const r of results) expect([0, -5001]).toContain(r.Code);
    for (const r of results.filter((x) => x.Code === -5001)) expect(r.status).toBe(503);
  });
});
