import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
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

beforeAll(async () => {
  instances = await startInstances(2);
  [writer, reader] = instances.apps as [FastifyInstance, FastifyInstance];
  [ann, ben, cat] = await Promise.all([registerUser(writer), registerUser(writer), registerUser(writer)]);
  await writer.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
});
afterAll(async () => instances?.close());

const list = (u: U, type: string) =>
  call(reader, 'GET', '/api/v3/notification', {
    token: u.token,
    query: { 'filter[type]': type, perPage: '50' },
  });

describe('a reply is acknowledged only once its notifications are stored', () => {
  it('plain replies and mentions sent at once all reach their readers after the writer stops', async () => {
    const threadId = await createThread(writer, ann.token, 'durable notices');
    const plain = 12;
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
    await writer.close();
    const told = (await list(ann, 'replied')).Data.pageData as Array<{ postId: number; event: string }>;
    expect(told.map((n) => n.postId).sort()).toEqual(replies.map((r) => r.Data.id as number).sort());
    const mentioned = (await list(cat, 'related')).Data.pageData as Array<{ postId: number; event: string }>;
    expect(mentioned).toEqual([
      expect.objectContaining({ event: 'content.mentioned', postId: replies[plain]!.Data.id }),
    ]);
  });
});
