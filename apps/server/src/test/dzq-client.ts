import { OrderType, PaymentType } from '@forum/contracts';
import { DZQ_MARKS, type DzqClientCall, type DzqFixture } from '@forum/contracts/compat';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { adminUser, call, registerUser, uploadFile, walletMember } from './harness.js';

/**
 * Replaying the original Discuz! Q web client's calls (`@forum/contracts/compat`) against the real server, the
 * way the client sends them: `dzqSid`/`dzqPf` marks, bracketed filters, GETs with a JSON `{}` body.
 */

/** The fixtures' values: ids as numbers (the client sends them so in bodies), names as strings. */
export type DzqFixtures = Record<DzqFixture, string | number>;

/** The topic the fixtures' threads carry. */
export const DZQ_TOPIC = '兼容话题';

/** A small PNG, as a phone's picture would be uploaded. */
export function testPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
}

/** A small PDF, as the editor's attachment button would upload a document. */
export function testPdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
}

/** Replaces `{name}` placeholders: a string that is exactly one takes the fixture as it is (ids stay numbers). */
export function fill<T>(v: T, fixtures: DzqFixtures): T {
  if (typeof v === 'string') {
    const whole = /^\{(\w+)\}$/.exec(v);
    if (whole && whole[1]! in fixtures) return fixtures[whole[1] as DzqFixture] as T;
    return v.replace(/\{(\w+)\}/g, (m, k: string) =>
      k in fixtures ? String(fixtures[k as DzqFixture]) : m,
    ) as T;
  }
  if (Array.isArray(v)) return v.map((x) => fill(x, fixtures)) as T;
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, fixtures)])) as T;
  }
  return v;
}

/** A multipart body: the fields first, then the file, as the client's upload component builds it. */
function multipart(fields: Record<string, string>, file: { name: string; mime: string; data: Buffer }) {
  const boundary = `----dzq${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.mime}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A reply as the client reads it. */
export interface DzqReply {
  status: number;
  Code: number;
  Message: string;
  Data: unknown;
}

/** Sends a call the way the original client does. */
export async function sendDzq(
  app: FastifyInstance,
  c: DzqClientCall,
  fixtures: DzqFixtures,
  token?: string,
  marks: Record<string, string> = DZQ_MARKS,
): Promise<DzqReply> {
  const query = new URLSearchParams({ ...fill(c.query ?? {}, fixtures), ...marks }).toString();
  const body = c.upload
    ? multipart(c.upload.fields, {
        name: c.upload.fileName,
        mime: c.upload.mime,
        data: c.upload.mime === 'application/pdf' ? testPdf() : await testPng(),
      })
    : { payload: JSON.stringify(fill(c.body ?? {}, fixtures)), type: 'application/json' };
  const res = await app.inject({
    method: c.method,
    url: `${fill(c.path, fixtures)}?${query}`,
    payload: body.payload,
    headers: { 'content-type': body.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as Omit<DzqReply, 'status'>) };
}

type Member = Awaited<ReturnType<typeof registerUser>>;

/** The people and content the replay reads: each list the client shows has something in it. */
export interface DzqWorld {
  fixtures: DzqFixtures;
  member: Member;
  author: Member;
}

/**
 * An author and a member who follow each other and talk; the author's thread carries a picture and a
 * recommended topic and is pinned; the member has a thread the author replied to, mentioned them in, liked
 * and tipped (so each notice tab lists something); the member has an image and a document uploaded and not yet
 * posted, and a spare notice and dialog for the delete buttons.
 */
export async function seedDzqWorld(app: FastifyInstance): Promise<DzqWorld> {
  await app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  const post = (token: string, path: string, body: object) =>
    ok(call(app, 'POST', path, { token, body }), path);
  const admin = await adminUser(app);
  const author = await walletMember(app, admin, '100');
  const member = await registerUser(app);
  const stranger = await registerUser(app);
  const image = async (token: string) =>
    (await uploadFile(app, token, { name: 'p.png', data: await testPng(), mime: 'image/png' }, 1)).Data.id;

  const authorImage = await image(author.token);
  const keyword = `kw${author.username}`;
  const threadId = await post(author.token, '/api/v3/thread.create', {
    categoryId: 1,
    title: `兼容 ${keyword}`,
    content: {
      text: `<p>带图和话题 #${DZQ_TOPIC}# 的帖子</p>`,
      indexes: { 101: { tomId: 101, body: { imageIds: [authorImage] } } },
    },
  }).then((d) => d.threadId as number);
  await post(admin.token, '/api/v3/threads/operate', { threadId, isSticky: true });
  const topics = await call(app, 'GET', '/api/v3/topics.list', { query: { 'filter[content]': DZQ_TOPIC } });
  await post(admin.token, '/api/backAdmin/topics.batch.update', {
    ids: [topics.Data.pageData[0].topicId],
    recommended: true,
  });
  await post(member.token, '/api/v3/posts.create', {
    id: threadId,
    content: 'a reply the comment list shows',
  });
  const dialog = await post(author.token, '/api/v3/dialog.create', {
    recipientUserId: member.userId,
    messageText: 'hello',
  });
  for (const [from, to] of [
    [member, author],
    [author, member],
  ] as const) {
    await post(from.token, '/api/v3/follow.create', { toUserId: to.userId });
  }

  // The member's own thread, and what the author does to it: each notice tab has an item.
  const own = await post(member.token, '/api/v3/thread.create', {
    categoryId: 1,
    title: 'member thread',
    content: { text: '<p>my thread</p>' },
  });
  await post(author.token, '/api/v3/posts.create', { id: own.threadId, content: 'a reply to your thread' });
  // One more reply: its notice is the one the message centre's delete button takes.
  await post(author.token, '/api/v3/posts.create', { id: own.threadId, content: 'one more reply' });
  const replies = await ok(
    call(app, 'GET', '/api/v3/notification', {
      token: member.token,
      query: { 'filter[type]': 'replied', perPage: '1' },
    }),
    'notification',
  );
  await post(author.token, '/api/v3/posts.create', { id: threadId, content: `see this @${member.username}` });
  await post(author.token, '/api/v3/posts.update', {
    postId: own.postId,
    data: { attributes: { isLiked: true } },
  });
  const order = await post(author.token, '/api/v3/order.create', {
    type: OrderType.REWARD,
    threadId: own.threadId,
    amount: '2',
  });
  await post(author.token, '/api/v3/trade/pay/order', {
    orderSn: order.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });

  // A dialog a stranger started: the one the message centre's delete button takes.
  const spareDialog = await post(stranger.token, '/api/v3/dialog.create', {
    recipientUserId: member.userId,
    messageText: 'hi from a stranger',
  });
  const file = await uploadFile(
    app,
    member.token,
    { name: 'notes.pdf', data: testPdf(), mime: 'application/pdf' },
    0,
  );

  return {
    member,
    author,
    fixtures: {
      threadId,
      authorId: author.userId,
      userId: member.userId,
      dialogId: dialog.dialogId as number,
      username: member.username,
      password: member.password,
      imageId: await image(member.token),
      fileId: file.Data.id,
      ownThreadId: own.threadId as number,
      spareNoticeId: replies.pageData[0].id as number,
      spareDialogId: spareDialog.dialogId as number,
      topic: DZQ_TOPIC,
      keyword,
      strangerId: stranger.userId,
    },
  };
}

async function ok(reply: Promise<{ Code: number; Message: string; Data: any }>, what: string) {
  const r = await reply;
  if (r.Code !== 0) throw new Error(`${what}: ${r.Code} ${r.Message}`);
  return r.Data;
}
