import type { AttachmentItem } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoExecutableMarkup } from '../../platform/content/xss-assert.js';
import { XSS_VECTORS } from '../../platform/content/xss-vectors.js';
import { adminUser, call, registerUser, startTestApp, uploadFile, type TestApp } from '../../test/harness.js';

let t: TestApp;
let author: { token: string; userId: number };
let admin: { token: string };

// Every fourth vector: 38 of the corpus, spread over all its families (script, img, svg, entities, mXSS, ...).
const SAMPLE = XSS_VECTORS.filter((_, i) => i % 4 === 0);

const hasControlChars = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32);

/** Text fields (titles, topic names, file names) are data: they may hold `<`, but any HTML made of them has no tag. */
function expectNoTags(html: string): void {
  expect(html).not.toMatch(/<(?!\/?mark>)[a-z!/?]/i);
}

const MINI_PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
  'latin1',
);

async function uploadDoc(name: string): Promise<AttachmentItem> {
  // A quote or line break cannot be sent inside a multipart filename, and slashes are path separators that the
  // upload cuts off (attachments tests cover that): the rest of the vector arrives as typed.
  const safe = name.replace(/["\r\n\\/]/g, '_');
  const body = await uploadFile(t.app, author.token, { name: `${safe}.pdf`, data: MINI_PDF }, 0);
  expect(body.Code, body.Message).toBe(0);
  return body.Data;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  author = await registerUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe(`${SAMPLE.length} XSS vectors through threads, replies, topics and file names`, () => {
  it('has a sample of at least 30', () => expect(SAMPLE.length).toBeGreaterThanOrEqual(30));

  it.each(SAMPLE.map((v, i) => [i, v] as const))(
    'vector %i is stored and returned harmlessly',
    async (i, v) => {
      const doc = await uploadDoc(`附件${i} ${v}`);
      expectNoTags(doc.fileName);
      expect(doc.fileName).not.toMatch(/[<>"\\/]/);
      expect(hasControlChars(doc.fileName)).toBe(false);
      const title = `标题${i} ${v}`.slice(0, 100);
      const created = await call(t.app, 'POST', '/api/v3/thread.create', {
        token: author.token,
        body: {
          title,
          categoryId: 1,
          content: {
            text: `<p>正文 ${v} #话题${i}${v.replace(/#/g, '')}#</p>${v}`,
            indexes: { '1': { tomId: 108, body: { docIds: [doc.id] } } },
          },
        },
      });
      expect(created.Code, created.Message).toBe(0);
      const threadId: number = created.Data.threadId;

      const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
        query: { threadId: String(threadId) },
      });
      expect(detail.Code).toBe(0);
      expectNoExecutableMarkup(detail.Data.content.text);
      // Titles are plain text: kept as typed (minus control characters), never turned into markup.
      expect(hasControlChars(detail.Data.title)).toBe(false);
      const docs = detail.Data.content.indexes['1'].body.docs as AttachmentItem[];
      expect(docs[0]!.fileName).toBe(doc.fileName);

      const found = await call(t.app, 'GET', '/api/v3/thread.list', {
        query: { 'filter[search]': `标题${i}`, scope: '2', perPage: '50' },
      });
      const hit = found.Data.pageData.find((x: { threadId: number }) => x.threadId === threadId);
      expect(hit, `search finds thread ${threadId}`).toBeDefined();
      expectNoTags(hit.highlight.title);
      expectNoTags(hit.highlight.content);

      const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
        token: author.token,
        body: { id: threadId, content: v },
      });
      expect([0, -4001]).toContain(reply.Code);
      const replies = await call(t.app, 'GET', '/api/v3/posts.list', {
        token: admin.token,
        query: { 'filter[thread]': String(threadId) },
      });
      for (const p of replies.Data.pageData as Array<{ content: string }>)
        expectNoExecutableMarkup(p.content);

      const topics = await call(t.app, 'GET', '/api/v3/topics.list', {
        query: { 'filter[content]': `话题${i}`, perPage: '50' },
      });
      for (const topic of topics.Data.pageData as Array<{ content: string }>) {
        expect(topic.content).not.toMatch(/[<>]/);
        expect(hasControlChars(topic.content)).toBe(false);
      }

      const file = await t.app.inject({ method: 'GET', url: doc.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="[^"]*"; filename\*=UTF-8''[^"\s;]*$/,
      );
    },
  );

  it('rejects a banned word even when markup splits it', async () => {
    const words = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      body: { words: ['禁用词={BANNED}'], overwrite: false },
    });
    expect(words.Code).toBe(0);
    const split = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: author.token,
      body: { categoryId: 1, title: '普通', content: { text: '<p>禁<b></b>用词</p>' } },
    });
    expect(split.Code).toBe(-4001);
    const inTitle = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: author.token,
      body: { categoryId: 1, title: '禁用词', content: { text: '<p>正文</p>' } },
    });
    expect(inTitle.Code).toBe(-4001);
  });
});
