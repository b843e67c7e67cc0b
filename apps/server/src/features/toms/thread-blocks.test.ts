import sharp from 'sharp';
import type { AttachmentItem } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uploadFile, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Who = { token: string; userId: number };
let alice: Who;
let bob: Who;
/** In the "plain" group: a member's grants without goods, position, video or audio. */
let dave: Who;
const PLAIN = 50;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  await adminUser(t.app);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  dave = await registerUser(t.app);
  const db = t.app.forum.database;
  await db.exec(`INSERT INTO groups (id, name, type) VALUES (${PLAIN}, '普通', 'member')`);
  await db.exec(
    `INSERT INTO group_permissions (group_id, permission)
     SELECT ${PLAIN}, permission FROM group_permissions
     WHERE group_id = 10 AND permission NOT IN ('thread.insertGoods', 'thread.insertPosition')`,
  );
  // Members may insert video and audio here; the plain group may not.
  await db.exec(
    `INSERT INTO group_permissions (group_id, permission) VALUES (10, 'thread.insertVideo'), (10, 'thread.insertAudio')`,
  );
  await db.exec(
    `INSERT INTO group_user (user_id, group_id) VALUES (${dave.userId}, ${PLAIN})
     ON CONFLICT (user_id) DO UPDATE SET group_id = ${PLAIN}`,
  );
  await t.app.forum.groups.changed();
  await t.app.forum.users.sessionsChanged();
}, 60_000);
afterAll(async () => t?.close());

const upload = (token: string, name: string, data: Buffer, type: number) =>
  uploadFile(t.app, token, { name, data }, type);

async function uploaded(token: string, name: string, data: Buffer, type: number): Promise<AttachmentItem> {
  const r = await upload(token, name, data, type);
  expect(r.Code, r.Message).toBe(0);
  return r.Data;
}

/** A 0.1 s silent mono 8 kHz PCM WAV. */
function wav(): Buffer {
  const samples = 800;
  const b = Buffer.alloc(44 + samples);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  b.fill(128, 44);
  return b;
}

/** An MP4 header (an `ftyp` box and an empty `mdat`): enough for the magic-byte check. */
function mp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4);
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isommp41', 16);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8, 0);
  mdat.write('mdat', 4);
  return Buffer.concat([ftyp, mdat]);
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();

async function status(url: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.statusCode;
}

function create(token: string, indexes: object, extra: object = {}) {
  return call(t.app, 'POST', '/api/v3/thread.create', {
    token,
    body: { categoryId: 1, title: '块', content: { text: '<p>正文</p>', indexes }, ...extra },
  });
}

function detail(threadId: number, token?: string) {
  return call(t.app, 'GET', '/api/v3/thread.detail', { token, query: { threadId: String(threadId) } });
}

const goods = {
  detailContent: 'https://shop.example.com/item/42',
  title: '向日葵种子',
  price: 1999,
  imagePath: 'https://img.example.com/seed.jpg',
};

describe('video and audio blocks', () => {
  it('stores an uploaded video and audio file, presents their URLs and serves them like the thread', async () => {
    const video = await uploaded(alice.token, 'clip.mp4', mp4(), 3);
    const audio = await uploaded(alice.token, 'voice.wav', wav(), 2);
    const r = await create(alice.token, {
      v: { tomId: 103, body: { videoId: video.id } },
      a: { tomId: 102, body: { audioId: audio.id } },
    });
    expect(r.Code, r.Message).toBe(0);
    const shown = (await detail(r.Data.threadId)).Data.content.indexes;
    expect(shown.v.body).toMatchObject({ videoId: video.id, video: { id: video.id, url: video.url } });
    expect(shown.a.body).toMatchObject({ audioId: audio.id, audio: { id: audio.id, url: audio.url } });
    expect(shown.v.body.video.fileType).toBe('video/mp4');
    expect([await status(video.url), await status(audio.url, bob.token)]).toEqual([200, 200]);

    // A draft's media stay private, like its images.
    const hidden = await uploaded(alice.token, 'draft.mp4', mp4(), 3);
    const draft = await create(
      alice.token,
      { v: { tomId: 103, body: { videoId: hidden.id } } },
      { draft: true },
    );
    expect(draft.Code, draft.Message).toBe(0);
    expect([await status(hidden.url), await status(hidden.url, bob.token)]).toEqual([404, 404]);
    expect(await status(hidden.url, alice.token)).toBe(200);
  });

  it('refuses video and audio to a group without insertVideo / insertAudio (-4002), and a wrong file type (-4001)', async () => {
    const perms = await call(t.app, 'GET', '/api/v3/tom.permissions', { token: dave.token });
    expect([perms.Data['102'], perms.Data['103'], perms.Data['104'], perms.Data.position]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect((await upload(dave.token, 'clip.mp4', mp4(), 3)).Code).toBe(-4002);
    const video = await uploaded(alice.token, 'other.mp4', mp4(), 3);
    const denied = await create(dave.token, { v: { tomId: 103, body: { videoId: video.id } } });
    expect(denied.Code).toBe(-4002);
    const audioDenied = await create(dave.token, { a: { tomId: 102, body: { audioId: video.id } } });
    expect(audioDenied.Code).toBe(-4002);
    const wrongType = await create(alice.token, { a: { tomId: 102, body: { audioId: video.id } } });
    expect([wrongType.Code, wrongType.Message]).toEqual([
      -4001,
      `content.indexes.a.body.audioId: attachment ${video.id} is not an audio file`,
    ]);
    expect((await upload(alice.token, 'fake.mp4', Buffer.from('not a video at all'), 3)).Code).toBe(-4001);
    // The allowed video formats come from settings when the site sets them.
    await t.app.forum.settings.set([{ key: 'support_video_ext', tag: 'default', value: 'webm' }]);
    try {
      const mp4Refused = await upload(alice.token, 'clip.mp4', mp4(), 3);
      expect([mp4Refused.Code, mp4Refused.Message]).toEqual([-4001, 'file type .mp4 is not allowed']);
    } finally {
      await t.app.forum.settings.set([{ key: 'support_video_ext', tag: 'default', value: '' }]);
    }
    expect((await upload(alice.token, 'clip.mp4', mp4(), 3)).Code).toBe(0);
  });
});

describe('goods block', () => {
  it('stores the card with the price in cents and returns it unchanged', async () => {
    const r = await create(alice.token, { g: { tomId: 104, body: goods } });
    expect(r.Code, r.Message).toBe(0);
    const shown = (await detail(r.Data.threadId)).Data.content.indexes.g;
    expect(shown).toEqual({ tomId: 104, body: { ...goods, platformId: '' } });
    const noImage = await create(alice.token, { g: { tomId: 104, body: { ...goods, imagePath: '' } } });
    expect(noImage.Code, noImage.Message).toBe(0);
  });

  it('rejects non-http(s) links, a fractional price (-4001) and a group without insertGoods (-4002)', async () => {
    for (const [body, field] of [
      [{ ...goods, detailContent: 'javascript:alert(1)' }, 'detailContent'],
      [{ ...goods, detailContent: 'ftp://shop.example.com/x' }, 'detailContent'],
      [{ ...goods, imagePath: 'data:image/png;base64,AAAA' }, 'imagePath'],
      [{ ...goods, price: 19.99 }, 'price'],
      [{ ...goods, title: '' }, 'title'],
    ] as const) {
      const r = await create(alice.token, { g: { tomId: 104, body } });
      expect(r.Code).toBe(-4001);
      expect(r.Message).toContain(`content.indexes.g.body.${field}`);
    }
    expect((await create(dave.token, { g: { tomId: 104, body: goods } })).Code).toBe(-4002);
  });
});

describe('position', () => {
  const place = { longitude: 113.26, latitude: 23.13, address: '广州市越秀区', location: '花城广场' };

  it('stores longitude, latitude, address and location on the thread and keeps them on edit', async () => {
    const r = await create(alice.token, {}, { position: place });
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.position).toEqual(place);
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: r.Data.threadId, title: '改标题' },
    });
    expect(edit.Data.position).toEqual(place);
  });

  it('refuses a place, even bare coordinates, to a group without insertPosition (-4002)', async () => {
    expect((await create(dave.token, {}, { position: place })).Code).toBe(-4002);
    const bare = { longitude: 113.26, latitude: 23.13 };
    expect((await create(dave.token, {}, { position: bare })).Code).toBe(-4002);
    expect((await create(dave.token, {})).Code).toBe(0);
  });
});

describe('uploads removed by an edit', () => {
  it('unlinks an image dropped from the block: not listed, not served to others, still the uploader’s', async () => {
    const one = await uploaded(alice.token, 'one.png', await png('#aa3333'), 1);
    const two = await uploaded(alice.token, 'two.png', await png('#3333aa'), 1);
    const th = await create(alice.token, { '0': { tomId: 101, body: { imageIds: [one.id, two.id] } } });
    expect(th.Code, th.Message).toBe(0);
    expect([await status(one.url, bob.token), await status(two.url, bob.token)]).toEqual([200, 200]);
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: {
        threadId: th.Data.threadId,
        content: { text: '<p>只留一张</p>', indexes: { '0': { tomId: 101, body: { imageIds: [one.id] } } } },
      },
    });
    expect(edit.Code, edit.Message).toBe(0);
    const images = (await detail(th.Data.threadId, bob.token)).Data.content.indexes['0'].body.images;
    expect(images.map((i: AttachmentItem) => i.id)).toEqual([one.id]);
    expect([await status(one.url, bob.token), await status(one.url)]).toEqual([200, 200]);
    expect([await status(two.url, bob.token), await status(two.url)]).toEqual([404, 404]);
    expect(await status(two.url, alice.token)).toBe(200);
    // The orphan can be used again.
    const again = await create(alice.token, { '0': { tomId: 101, body: { imageIds: [two.id] } } });
    expect(again.Code, again.Message).toBe(0);
  });

  it('unlinks the files of a block the edit drops entirely, and keeps files of blocks left alone', async () => {
    const video = await uploaded(alice.token, 'gone.mp4', mp4(), 3);
    const audio = await uploaded(alice.token, 'stay.wav', wav(), 2);
    const th = await create(alice.token, {
      v: { tomId: 103, body: { videoId: video.id } },
      a: { tomId: 102, body: { audioId: audio.id } },
    });
    expect(th.Code, th.Message).toBe(0);
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: {
        threadId: th.Data.threadId,
        content: { text: '<p>去掉视频</p>', indexes: { a: { tomId: 102, body: { audioId: audio.id } } } },
      },
    });
    expect(edit.Code, edit.Message).toBe(0);
    expect(Object.keys(edit.Data.content.indexes)).toEqual(['a']);
    expect([await status(video.url, bob.token), await status(audio.url, bob.token)]).toEqual([404, 200]);
    // An edit without content leaves the blocks and their files alone.
    await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: th.Data.threadId, title: '只改标题' },
    });
    expect(await status(audio.url, bob.token)).toBe(200);
  });
});

describe('topics in replies', () => {
  it('links #topic# in a new reply and in an edited reply', async () => {
    const th = await create(alice.token, {});
    const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: bob.token,
      body: { id: th.Data.threadId, content: '<p>同意 #回复话题# 的说法</p>' },
    });
    expect(reply.Code, reply.Message).toBe(0);
    const topics = await call(t.app, 'GET', '/api/v3/topics.list', {
      query: { 'filter[content]': '回复话题' },
    });
    const topicId = topics.Data.pageData[0].topicId as number;
    expect(reply.Data.content).toMatch(
      new RegExp(`<a class="topic" href="/topic/${topicId}"[^>]*>#回复话题#</a>`),
    );
    const edited = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: bob.token,
      body: { postId: reply.Data.id, content: '<p>改成 #另一个话题#，<code>#不链接#</code></p>' },
    });
    expect(edited.Code, edited.Message).toBe(0);
    expect(edited.Data.content).toMatch(/<a class="topic" href="\/topic\/\d+"[^>]*>#另一个话题#<\/a>/);
    expect(edited.Data.content).toContain('<code>#不链接#</code>');
    const listed = await call(t.app, 'GET', '/api/v3/posts.list', {
      query: { 'filter[thread]': String(th.Data.threadId) },
    });
    expect(listed.Data.pageData[0].content).toBe(edited.Data.content);
  });
});
