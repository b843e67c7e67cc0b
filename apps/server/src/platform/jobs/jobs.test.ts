import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminUser,
  call,
  registerUser,
  startInstances,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';
import { inTransaction } from '../db/tx.js';
import { JOBS_SCHEMA } from './schema.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (up to `ms`) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('condition never held');
}

async function jobRows(app: FastifyInstance, name: string) {
  const r = await app.forum.database.exec(
    `SELECT id, state, data, singleton_on FROM ${JOBS_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
    [name],
  );
  return r.rows as { id: string; state: string; data: Record<string, unknown>; singleton_on: Date | null }[];
}

describe('a scheduled job on two instances of one database', () => {
  it('runs once per period, on one instance at a time', async () => {
    const s = await startInstances(2);
    try {
      const runs: { id: string; instance: number }[] = [];
      s.apps.forEach((app, instance) =>
        app.forum.jobs.work('test_every', async (_data, job) => {
          runs.push({ id: job.id, instance });
        }),
      );
      const t0 = Date.now();
      for (const app of s.apps) app.forum.jobs.schedule('test_every', { everyMs: 1000 });
      await sleep(5_500);
      // Counted at a moment when every run that started has been marked completed (a run that just started
      // takes a moment to be, longer on a loaded machine): the rows and the runs are read together.
      let rows: Awaited<ReturnType<typeof jobRows>> = [];
      let started = 0;
      await until(async () => {
        started = runs.length;
        rows = await jobRows(s.apps[0]!, 'test_every');
        return rows.filter((r) => r.state === 'completed').length === started && runs.length === started;
      }, 10_000);
      const elapsedPeriods = (Date.now() - t0) / 1000;
      const counted = runs.slice(0, started);
      // Each job ran once, and no period had two jobs although both instances offer one twice a period.
      expect(new Set(counted.map((r) => r.id)).size).toBe(started);
      expect(started).toBeGreaterThanOrEqual(3);
      expect(started).toBeLessThanOrEqual(Math.ceil(elapsedPeriods));
      // Every row is a run: one slot each, all completed.
      const slots = rows.map((r) => new Date(r.singleton_on!).getTime());
      expect(new Set(slots).size).toBe(rows.length);
      expect(
        rows
          .filter((r) => r.state === 'completed')
          .map((r) => r.id)
          .sort(),
      ).toEqual(counted.map((r) => r.id).sort());
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('jobs on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a job sent in a transaction that rolls back never runs; one whose transaction commits does', async () => {
    const jobs = t.app.forum.jobs;
    const seen: number[] = [];
    jobs.work<{ n: number }>('test_tx', async (data) => {
      seen.push(data.n);
    });
    const db = t.app.forum.database.db;
    await expect(
      inTransaction(db, async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await jobs.send('test_tx', { n: 1 }, { tx });
        // Inside the transaction the job is there (the same connection sees it)...
        const inside = await tx.execute(
          sql.raw(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = 'test_tx'`),
        );
        expect((inside as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    await inTransaction(db, async (tx) => {
      await jobs.send('test_tx', { n: 2 }, { tx });
    });
    await until(() => seen.includes(2));
    // Time for a poll or two: the rolled-back job would have been fetched by now.
    await sleep(2_500);
    expect(seen).toEqual([2]);
    const rows = await jobRows(t.app, 'test_tx');
    expect(rows.map((r) => r.data.n)).toEqual([2]);
  }, 30_000);

  it('a failing job is retried with backoff, then shows as failed in the admin, and can be retried there', async () => {
    const jobs = t.app.forum.jobs;
    const attempts: { attempt: number; at: number }[] = [];
    let healed = false;
    jobs.work(
      'test_fail',
      async (_data, job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        if (!healed) throw new Error(`provider down (attempt ${job.attempt})`);
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    const id = (await jobs.send('test_fail', { order: 'x' }))!;
    await until(async () => (await jobs.stateOf('test_fail', id))?.state === 'failed', 30_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Backoff: the second wait is longer than the first's minimum (1 s, then 2 s at least).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_900);

    const admin = await adminUser(t.app);
    const member = await registerUser(t.app);
    const list = await call(t.app, 'GET', '/api/backAdmin/jobs.failed', { token: admin.token });
    expect(list.Code).toBe(0);
    const row = list.Data.list.find((j: { id: string }) => j.id === id);
    expect(row).toMatchObject({ name: 'test_fail', error: 'provider down (attempt 3)', attempts: 3 });
    expect(Date.parse(row.failedAt)).toBeGreaterThanOrEqual(Date.parse(row.createdAt));

    // Members and guests see nothing of it.
    const denied = await call(t.app, 'GET', '/api/backAdmin/jobs.failed', { token: member.token });
    expect(denied.Code).toBe(-4002);
    const retryDenied = await call(t.app, 'POST', '/api/backAdmin/jobs.retry', {
      token: member.token,
      body: { name: 'test_fail', id },
    });
    expect(retryDenied.Code).toBe(-4002);
    expect((await jobs.stateOf('test_fail', id))?.state).toBe('failed');

    healed = true;
    const retried = await call(t.app, 'POST', '/api/backAdmin/jobs.retry', {
      token: admin.token,
      body: { name: 'test_fail', id },
    });
    expect(retried.Code).toBe(0);
    await until(async () => (await jobs.stateOf('test_fail', id))?.state === 'completed');
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    const after = await call(t.app, 'GET', '/api/backAdmin/jobs.failed', { token: admin.token });
    expect(after.Data.list.some((j: { id: string }) => j.id === id)).toBe(false);
    // Retrying a job that is not failed (any more) is -4004.
    const again = await call(t.app, 'POST', '/api/backAdmin/jobs.retry', {
      token: admin.token,
      body: { name: 'test_fail', id },
    });
    expect(again.Code).toBe(-4004);

    // A scheduled queue keeps one waiting retry: a second retry meanwhile is -4005, not an error.
    jobs.schedule('test_stately', { everyMs: 3_600_000 });
    await until(
      async () =>
        (
          await t.app.forum.database.exec(
            `SELECT 1 FROM ${JOBS_SCHEMA}.queue WHERE name = 'test_stately' AND policy = 'stately'`,
          )
        ).rows.length === 1,
    );
    const failed = await t.app.forum.database.exec(
      `INSERT INTO ${JOBS_SCHEMA}.job (name, state, policy, output, completed_on)
       SELECT 'test_stately', 'failed', 'stately', '{"message":"down"}', now() FROM generate_series(1, 2)
       RETURNING id`,
    );
    const [a, b] = failed.rows.map((r) => String(r.id));
    const first = await call(t.app, 'POST', '/api/backAdmin/jobs.retry', {
      token: admin.token,
      body: { name: 'test_stately', id: a },
    });
    expect(first.Code).toBe(0);
    const second = await call(t.app, 'POST', '/api/backAdmin/jobs.retry', {
      token: admin.token,
      body: { name: 'test_stately', id: b },
    });
    expect(second.Code).toBe(-4005);
    expect((await jobs.stateOf('test_stately', b!))?.state).toBe('failed');
  }, 60_000);
});
