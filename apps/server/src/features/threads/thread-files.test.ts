import sharp from 'sharp';
import type { AttachmentItem } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uploadFile, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; userId: number };
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  const words = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
    token: admin.token,
    body: { words: ['待审词={MOD}'], overwrite: false },
  });
  expect(words.Code).toBe(0);
}, 60_000);
afterAll(async () => t?.close());

async function upload(token: string, name: string, data: Buffer, type: number): Promise<AttachmentItem> {
  const body = await uploadFile(t.app, token, { name, data }, type);
  expect(body.Code, body.Message).toBe(0);
  return body.Data;
}

const png = () =>
  sharp({ create: { width: 800, height: 200, channels: 3, background: '#33aa66' } })
    .png()
    .toBuffer();

function fetchFile(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function status(url: string, token?: string) {
  return (await fetchFile(url, token)).statusCode;
}

function create(token: string, indexes: object, extra: object = {}) {
  return call(t.app, 'POST', '/api/v3/thread.create', {
    token,
    body: { categoryId: 1, title: '带图的帖子', content: { text: '<p>看图</p>', indexes }, ...extra },
  });
}

const imageBlock = (...imageIds: number[]) => ({ '0': { tomId: 101, body: { imageIds } } });

describe('files in thread blocks', () => {
  it('binds an image to a public thread, presents usable URLs, and serves it to guests', async () => {
    const img = await upload(alice.token, 'cat.png', await png(), 1);
    expect(await status(img.url)).toBe(404);
    const r = await create(alice.token, imageBlock(img.id));
    expect(r.Code, r.Message).toBe(0);
    const shown = r.Data.content.indexes['0'].body as { imageIds: number[]; images: AttachmentItem[] };
    expect(shown.imageIds).toEqual([img.id]);
    expect(shown.images[0]).toMatchObject({
      id: img.id,
      url: `/api/v3/attachments/${img.uuid}`,
      thumbUrl: `/api/v3/attachments/${img.uuid}?thumb=1`,
      typeId: r.Data.postId,
    });
    expect(await status(shown.images[0]!.url)).toBe(200);
    expect(await status(shown.images[0]!.thumbUrl, bob.token)).toBe(200);
    const guestView = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(r.Data.threadId) },
    });
    expect(guestView.Data.content.indexes['0'].body.images[0].url).toBe(img.url);
    const typed = await call(t.app, 'GET', '/api/v3/thread.list', { query: { 'filter[types][]': '101' } });
    expect(typed.Data.pageData.map((x: { threadId: number }) => x.threadId)).toContain(r.Data.threadId);
    expect(typed.Data.pageData[0].content.indexes['0'].body.images[0].url).toBe(img.url);
    // Editing with the same block keeps it bound; the detail and the list present the same thing.
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: r.Data.threadId, content: { text: '<p>改过</p>', indexes: imageBlock(img.id) } },
    });
    expect(edit.Code, edit.Message).toBe(0);
    expect(await status(img.url)).toBe(200);
  });

  it('hides files of drafts, pending and deleted threads from everyone but the author', async () => {
    const draftImg = await upload(alice.token, 'd.png', await png(), 1);
    const draft = await create(alice.token, imageBlock(draftImg.id), { draft: true });
    expect(draft.Code, draft.Message).toBe(0);
    expect([await status(draftImg.url), await status(draftImg.url, bob.token)]).toEqual([404, 404]);
    expect(await status(draftImg.url, alice.token)).toBe(200);

    const pendingImg = await upload(alice.token, 'p.png', await png(), 1);
    const pending = await create(alice.token, imageBlock(pendingImg.id), { title: '这是待审词' });
    expect(pending.Data.isApproved).toBe(0);
    expect([await status(pendingImg.url), await status(pendingImg.url, bob.token)]).toEqual([404, 404]);
    expect(await status(pendingImg.url, admin.token)).toBe(200);

    const goneImg = await upload(alice.token, 'g.png', await png(), 1);
    const gone = await create(alice.token, imageBlock(goneImg.id));
    expect(await status(goneImg.url)).toBe(200);
    const del = await call(t.app, 'POST', '/api/v3/thread.delete', {
      token: alice.token,
      body: { threadId: gone.Data.threadId },
    });
    expect(del.Code).toBe(0);
    expect([await status(goneImg.url), await status(goneImg.url, bob.token)]).toEqual([404, 404]);
  });

  it('refuses someone else’s upload, a wrong type, a missing id and an upload used elsewhere (-4001)', async () => {
    const img = await upload(alice.token, 'mine.png', await png(), 1);
    const stolen = await create(bob.token, imageBlock(img.id));
    expect([stolen.Code, stolen.Message]).toEqual([
      -4001,
      `content.indexes.0.body.imageIds: attachment ${img.id} is not yours`,
    ]);
    expect(await status(img.url, bob.token)).toBe(404);
    const asDoc = await create(alice.token, { '1': { tomId: 108, body: { docIds: [img.id] } } });
    expect([asDoc.Code, asDoc.Message]).toEqual([
      -4001,
      `content.indexes.1.body.docIds: attachment ${img.id} is not a file`,
    ]);
    const missing = await create(alice.token, imageBlock(99_999));
    expect([missing.Code, missing.Message]).toEqual([
      -4001,
      'content.indexes.0.body.imageIds: attachment 99999 does not exist',
    ]);
    // The refused writes above bound nothing, so its first real use still succeeds.
    const first = await create(alice.token, imageBlock(img.id));
    expect(first.Code).toBe(0);
    const twice = await create(alice.token, imageBlock(img.id));
    expect([twice.Code, twice.Message]).toEqual([
      -4001,
      `content.indexes.0.body.imageIds: attachment ${img.id} is already used elsewhere`,
    ]);
  });

  it('lets an administrator keep the author’s files when editing', async () => {
    const img = await upload(alice.token, 'keep.png', await png(), 1);
    const th = await create(alice.token, imageBlock(img.id));
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: admin.token,
      body: {
        threadId: th.Data.threadId,
        content: { text: '<p>管理员编辑</p>', indexes: imageBlock(img.id) },
      },
    });
    expect(edit.Code, edit.Message).toBe(0);
    expect(await status(img.url)).toBe(200);
  });
});

describe('caching of served files', () => {
  it('lets the viewer’s browser keep a served file for an hour, and never caches a refusal', async () => {
    const img = await upload(alice.token, 'cache.png', await png(), 1);
    const hidden = await fetchFile(img.url);
    expect([hidden.statusCode, hidden.headers['cache-control']]).toEqual([404, 'no-store']);
    const th = await create(alice.token, imageBlock(img.id));
    expect(th.Code).toBe(0);
    const ok = await fetchFile(img.url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, max-age=3600');
    expect(ok.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox/);
    const api = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(th.Data.threadId) },
    });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

describe('files on replies', () => {
  it('binds a reply’s uploads, presents them and serves them with the reply', async () => {
    const th = await create(alice.token, {});
    expect(th.Code).toBe(0);
    const img = await upload(bob.token, 'reply.png', await png(), 1);
    const stolen = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: alice.token,
      body: { id: th.Data.threadId, content: '偷图', attachments: [{ id: img.id }] },
    });
    expect(stolen.Code).toBe(-4001);
    const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: bob.token,
      body: { id: th.Data.threadId, content: '<p>回复带图</p>', attachments: [{ id: img.id }] },
    });
    expect(reply.Code, reply.Message).toBe(0);
    expect(reply.Data.attachments[0]).toMatchObject({ id: img.id, url: img.url, typeId: reply.Data.id });
    expect(await status(img.url)).toBe(200);
    const del = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: bob.token,
      body: { postId: reply.Data.id, isDeleted: true },
    });
    expect(del.Code, del.Message).toBe(0);
    expect(await status(img.url)).toBe(404);
    expect(await status(img.url, bob.token)).toBe(200);
  });
});
