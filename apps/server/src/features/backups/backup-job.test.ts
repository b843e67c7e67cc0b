import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  call,
  registerUser,
  startInstances,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';
import { isDue, type StoredRun } from './backup-job.js';
import { scheduleOf } from './backup-settings.js';

const H = 60 * 60_000;
const run = (ago: number, ok: boolean, lastOkAgo: number | null, now: number): StoredRun => ({
  at: new Date(now - ago).toISOString(),
  ok,
  file: null,
  size: null,
  durationMs: 1,
  error: ok ? null : 'disk full',
  trigger: 'schedule',
  lastOkAt: lastOkAgo === null ? null : new Date(now - lastOkAgo).toISOString(),
});

describe('the schedule', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('defaults to daily on the embedded server and off on DATABASE_URL; a stored value wins', () => {
    expect(scheduleOf('', 'embedded')).toBe('daily');
    expect(scheduleOf('', 'external')).toBe('off');
    expect(scheduleOf('weekly', 'external')).toBe('weekly');
    expect(scheduleOf('off', 'embedded')).toBe('off');
  });
  it('is due once per period, at once on a new site, and an hour after a failure', () => {
    expect(isDue('off', null, now)).toBe(false);
    expect(isDue('daily', null, now)).toBe(true);
    expect(isDue('daily', run(2 * H, true, 2 * H, now), now)).toBe(false);
    expect(isDue('daily', run(25 * H, true, 25 * H, now), now)).toBe(true);
    expect(isDue('weekly', run(48 * H, true, 48 * H, now), now)).toBe(false);
    expect(isDue('weekly', run(8 * 24 * H, true, 8 * 24 * H, now), now)).toBe(true);
    expect(isDue('daily', run(0.5 * H, false, 48 * H, now), now)).toBe(false);
    expect(isDue('daily', run(2 * H, false, 48 * H, now), now)).toBe(true);
    expect(isDue('daily', run(2 * H, false, 3 * H, now), now)).toBe(false);
  });
});

describe('admin backup calls', () => {
  let t: TestApp;
  let admin: { token: string };
  let member: { token: string };
  const status = (token: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', '/api/backAdmin/backups', { token, query });
  const now = (token: string) => call(t.app, 'POST', '/api/backAdmin/backups.run', { token, body: {} });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await adminUser(t.app);
    member = await registerUser(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers the state: off on DATABASE_URL, nothing run yet', async () => {
    const r = await status(admin.token);
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({
      schedule: 'off',
      scheduleSetting: '',
      keep: 7,
      dir: path.join(t.config.dataDir, 'backups'),
      last: null,
      nextAt: null,
      archives: [],
    });
  });

  it('backs up now, then shows the run and the archive; keeps backup_keep archives', async () => {
    const r = await now(admin.token);
    expect(r.Code).toBe(0);
    expect(r.Data.last).toMatchObject({ ok: true, trigger: 'admin', error: null });
    expect(r.Data.last.size).toBeGreaterThan(0);
    expect(r.Data.archives[0].name).toBe(r.Data.last.file);
    expect(existsSync(path.join(r.Data.dir, r.Data.last.file))).toBe(true);
    const set = await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'backup_keep', value: '2', tag: 'backup' }] },
    });
    expect(set.Code).toBe(0);
    await now(admin.token);
    const third = await now(admin.token);
    expect(third.Data.archives).toHaveLength(2);
    expect(third.Data.archives[0].name).toBe(third.Data.last.file);
    expect((await status(admin.token, { limit: '1' })).Data.archives).toHaveLength(1);
  });

  it('stores and shows a failure (the folder cannot be made)', async () => {
    const blocker = path.join(t.config.dataDir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    await t.app.forum.settings.set([{ key: 'backup_dir', tag: 'backup', value: blocker }]);
    try {
      const r = await now(admin.token);
      expect(r.Code).toBe(0);
      expect(r.Data.last).toMatchObject({ ok: false, file: null });
      expect(r.Data.last.error).toMatch(/is not a folder/);
      expect(r.Data.lastOkAt).not.toBeNull();
      expect((await status(admin.token)).Data.last.ok).toBe(false);
    } finally {
      await t.app.forum.settings.set([{ key: 'backup_dir', tag: 'backup', value: '' }]);
    }
  });

  it('is for administrators only (-4002 for a member)', async () => {
    expect((await status(member.token)).Code).toBe(-4002);
    expect((await now(member.token)).Code).toBe(-4002);
  });

  it('refuses invalid input: a limit out of range, a schedule that does not exist', async () => {
    expect((await status(admin.token, { limit: '0' })).Code).toBe(-4001);
    expect((await status(admin.token, { limit: 'many' })).Code).toBe(-4001);
    const set = await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'backup_schedule', value: 'hourly', tag: 'backup' }] },
    });
    expect(set.Code).toBe(-4001);
    expect(set.Message).toMatch(/backup_schedule/);
  });
});

describe('scheduled backups on several instances', () => {
  it('one instance writes the due backup; the others find it done', async () => {
    const s = await startInstances(3);
    try {
      await s.apps[0]!.forum.settings.set([{ key: 'backup_schedule', tag: 'backup', value: 'daily' }]);
      for (const a of s.apps) await a.forum.settings.reload();
      const runs = await Promise.all(s.apps.map((a) => a.backups.tick()));
      expect(runs.filter((r) => r !== null)).toHaveLength(1);
      expect(runs.find((r) => r)!.ok).toBe(true);
      // Due no more: the next looks do nothing.
      expect(await s.apps[1]!.backups.tick()).toBeNull();
      const st = await call(s.apps[2]!, 'GET', '/api/backAdmin/backups', {
        token: (await adminUser(s.apps[2]!)).token,
      });
      expect(st.Data.archives).toHaveLength(1);
      expect(st.Data.schedule).toBe('daily');
      expect(Date.parse(st.Data.nextAt as string)).toBeGreaterThan(Date.now() + 23 * H);
    } finally {
      await s.close();
    }
  }, 60_000);
});
