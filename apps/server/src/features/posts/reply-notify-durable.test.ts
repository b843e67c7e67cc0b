import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { call, createThread, registerUser, startInstances } from '../../test/harness.js';

// Two instances on one database: the first takes the replies and is shut down the moment they are acknowledged
// (whatever it meant to do after the acknowledgement can no longer reach the database); the second reads.
let instances: Awaited<ReturnType<typeof startInstances>>;
let writer: FastifyInstance;
let reader: FastifyInstance;
type U = { token: string; userId: number; username: string };
let ann: U;
let ben: U;
let cat: U;

// Installed before the servers start: the pool's connections wrap `query` as they open.
const fault = slowNotificationsThenDie();

beforeAll(async () => {
  instances = await startInstances(2);
  [writer, reader] = instances.apps as [FastifyInstance, FastifyInstance];
  [ann, ben, cat] = await Promise.all([registerUser(writer), registerUser(writer), registerUser(writer)]);
  await writer.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
});
afterAll(async () => {
  fault.restore();
  await instances?.close();
});

type Query = (...args: unknown[]) => unknown;

/**
 * Holds every notification insert of this process for 200 ms, then drops it if the process has "died" by then:
 * what was not stored before the acknowledgement is lost, as it would be if the process were killed.
 */
function slowNotificationsThenDie(): { arm(): void; die(): void; restore(): void } {
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  let armed = false;
  let dead = false;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    if (!armed || !/insert into "notifications"/i.test(text)) return original.apply(this, args);
    const cb =
      typeof args[args.length - 1] === 'function' ? (args.pop() as (e: unknown, r?: unknown) => void) : null;
    const run = new Promise((r) => setTimeout(r, 200)).then(() => {
      if (dead) throw new Error('the process died before this write');
      return original.apply(this, args);
    });
    if (!cb) return run;
    run.then(
      (r) => cb(null, r),
      (e: unknown) => cb(e),
    );
    return undefined;
  };
  return {
    arm: () => (armed = true),
    die: () => (dead = true),
    restore: () => (proto.query = original),
  };
}

const list = (u: U, type: string) =>
  call(reader, 'GET', '/api/v3/notification', {
    token: u.token,
    query: { 'filter[type]': type, perPage: '50' },
  });

describe('a reply is acknowledged only once its notifications are stored', () => {
  it('plain replies and mentions sent at once all reach their readers after the writer stops', async () => {
    const threadId = await createThread(writer, ann.token, 'durable notices');
    const plain = 12;
    fault.arm();
    const replies = await Promise.all([
      ...Array.from({ length: plain }, (_, i) =>
        call(writer, 'POST', '/api/v3/posts.create', {
          token: ben.token,
          body: { id: threadId, content: `plain reply ${i}` },
        }),
      ),
      // A mention makes the reply a transaction of its own (the other path through posts.create).
      call(writer, 'POST', '/api/v3/posts.create', {
        token: ben.token,
        body: { id: threadId, content: `@${cat.username} look here` },
      }),
    ]);
    expect(replies.map((r) => r.Code)).toEqual(Array(plain + 1).fill(0));
    // The writer dies right after acknowledging: nothing it would have done later can be written now.
    fault.die();
    await writer.close();
    const told = (await list(ann, 'replied')).Data.pageData as Array<{ postId: number; event: string }>;
    expect(told.map((n) => n.postId).sort()).toEqual(replies.map((r) => r.Data.id as number).sort());
    const mentioned = (await list(cat, 'related')).Data.pageData as Array<{ postId: number; event: string }>;
    expect(mentioned).toEqual([
      expect.objectContaining({ event: 'content.mentioned', postId: replies[plain]!.Data.id }),
    ]);
  });
});
