import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, registerUser, startInstances } from '../../test/harness.js';

// Fan-out between instances is Redis pub/sub; without REDIS_URL each instance only hears itself.
const reason = process.env.REDIS_URL ? null : 'REDIS_URL is not set: fan-out needs Redis';

async function until(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

// Two instances on one PostgreSQL and one Redis, as behind a load balancer.
describe.skipIf(!!reason)(`multi-instance fan-out${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('a settings change, a permission change and a logout on one instance reach the other', async () => {
    const both = await startInstances(2);
    const [a, b] = both.apps as [FastifyInstance, FastifyInstance];
    try {
      await a.forum.settings.set([{ key: 'site_name', tag: 'default', value: '扇出论坛' }]);
      expect(
        await until(async () => (await call(b, 'GET', '/api/v3/forum')).Data.setSite.siteName === '扇出论坛'),
      ).toBe(true);

      await a.forum.database.exec(
        "DELETE FROM group_permissions WHERE group_id = 7 AND permission IN ('viewThreads','switch.viewThreads')",
      );
      await a.forum.groups.changed();
      expect(
        await until(
          async () => (await call(b, 'GET', '/api/v3/forum')).Data.otherPermissions.canViewThreads === false,
        ),
      ).toBe(true);

      const u = await registerUser(a);
      expect((await call(b, 'GET', '/api/v3/user', { token: u.token })).Code).toBe(0);
      await call(a, 'POST', '/api/v3/users/logout', { token: u.token });
      // b had the session cached; the revocation message must drop it well before the 5 s cache expires.
      expect(
        await until(
          async () => (await call(b, 'GET', '/api/v3/user', { token: u.token })).Code === -4011,
          2000,
        ),
      ).toBe(true);
    } finally {
      await both.close();
    }
  });
});
