import {
  dzqClientCalls,
  dzqContent,
  dzqEditorText,
  dzqFile,
  dzqImage,
  type DzqClientCall,
} from '@forum/contracts/compat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DZQ_TOPIC, seedDzqWorld, sendDzq, type DzqFixtures } from '../../test/dzq-client.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

/**
 * A member posts a thread the way the original Discuz! Q editor (`/thread/post`) does, at pc and at h5: the
 * page's calls, a picture uploaded, a topic picked, `thread.create` with the editor's parameters; then the
 * thread page reads it back and finds the picture and the topic where the client looks for them.
 */
let t: TestApp;
let fixtures: DzqFixtures;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  const world = await seedDzqWorld(t.app);
  fixtures = world.fixtures;
  token = world.member.token;
}, 90_000);
afterAll(async () => t?.close());

const named = (name: string) => dzqClientCalls.find((c) => c.name === name)!;

/** Sends a call with one platform's marks and checks what the client reads of the reply. */
async function step<T = any>(pf: string, c: DzqClientCall, extra: Partial<DzqFixtures> = {}): Promise<T> {
  const r = await sendDzq(t.app, c, { ...fixtures, ...extra }, token, { dzqSid: `editor-${pf}`, dzqPf: pf });
  expect(r.Code, `${c.name}: ${r.Message}`).toBe(0);
  const parsed = c.reads.safeParse(r.Data);
  expect(
    parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    c.name,
  ).toEqual([]);
  return r.Data as T;
}

type Content = ReturnType<typeof dzqContent.parse>;

/** The body of a content's block of one tom id (the original keys and types them alike). */
function block(content: Content, tomId: number): unknown {
  return Object.values(content.indexes).find((b) => String(b.tomId) === String(tomId))?.body;
}

/** The ids of the uploads of a block the client reads as a list of them (pictures 101, files 108). */
function uploadIds(content: Content, tomId: 101 | 108): number[] {
  const list = tomId === 101 ? dzqImage.array() : dzqFile.array();
  return list.parse(block(content, tomId)).map((u) => u.id);
}

/** Loads a URL the client was given (absolute, on this site) as its `<img>` would: with the login cookie, if any. */
async function load(url: string, cookie?: string) {
  const u = new URL(url);
  const res = await t.app.inject({
    method: 'GET',
    url: u.pathname + u.search,
    ...(cookie ? { cookies: { access_token: cookie } } : {}),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']) };
}

describe.each(['pc', 'h5'])('the original editor at %s', (pf) => {
  it('posts a thread with a picture, a document and topics; the thread page, the home list and the topic list show them', async () => {
    // The page: the site, the member, what they may insert, the emoji and the categories they may post in.
    await step(pf, named('forum (editor)'));
    await step(pf, named('user (editor)'));
    const perms = await step(pf, named('tom.permissions (editor)'));
    expect(perms.insertImage.enable).toBe(true);
    await step(pf, named('emoji (editor)'));
    const categories = await step<Array<{ categoryId: number; canCreateThread: boolean }>>(
      pf,
      named('categories.thread'),
    );
    const category = categories.find((c) => c.canCreateThread)!;

    // The topic picker: the recommended topics, then the one the member types.
    const recommended = await step(pf, named('topics.list (editor, recommended)'));
    const typed = await step(pf, named('topics.list (editor, typed)'));
    const topic = typed.pageData.find((x: { content: string }) => x.content === DZQ_TOPIC);
    expect(topic, 'the typed topic is found').toBeDefined();
    expect(recommended.pageData.map((x: { topicId: number }) => x.topicId)).toContain(topic.topicId);

    // A picture: uploaded, its card shows the thumbnail (to its uploader: the client keeps the login cookie).
    const image = await step(pf, named('attachments (image)'));
    expect(await load(image.thumbUrl, token)).toMatchObject({
      status: 200,
      type: expect.stringMatching(/^image\//),
    });
    // A document, from the attachment button.
    const doc = await step(pf, named('attachments (file)'));
    expect(doc).toMatchObject({ type: 0, fileName: 'notes.pdf' });

    // Publish, with the editor's parameters, in the chosen category; the member also types a topic the site
    // has never had.
    const fresh = `新话题${pf}`;
    const create = named('thread.create');
    const body = create.body as { content: { indexes: object } };
    const created = await step(
      pf,
      {
        ...create,
        body: {
          ...body,
          categoryId: category.categoryId,
          content: { ...body.content, text: dzqEditorText.replace('</p>', ` #${fresh}#</p>`) },
        },
      },
      { imageId: image.id, fileId: doc.id },
    );
    expect(created).toMatchObject({ isApproved: 1, categoryId: category.categoryId });

    // The thread page reads it back.
    const detail = await step(pf, named('thread.detail'), { threadId: created.threadId });
    const content = dzqContent.parse(detail.content);
    // The picture grid reads the image block's body as the list of its uploads; the file list the same.
    const pictures = dzqImage.array().parse(block(content, 101));
    expect(pictures.map((p) => p.id)).toEqual([image.id]);
    expect(uploadIds(content, 108)).toEqual([doc.id]);
    // Posted, it is anyone's to see.
    expect(await load(pictures[0]!.url)).toMatchObject({
      status: 200,
      type: expect.stringMatching(/^image\//),
    });
    // The renderer links the original's topic span to the topic's page.
    expect(content.text).toContain(`<span id="topic" value="${topic.topicId}">#${DZQ_TOPIC}#</span>`);
    expect(detail.topicId).toBe(topic.topicId);

    // The new topic was made from the text: the picker finds it, with this thread as its latest.
    const found = await step(pf, named('topics.list (editor, typed)'), { topic: fresh });
    const made = found.pageData.find((x: { content: string }) => x.content === fresh);
    expect(made?.threads[0]?.threadId).toBe(created.threadId);
    expect(content.text).toContain(`<span id="topic" value="${made.topicId}">#${fresh}#</span>`);

    // The home list shows it with its picture and its topics, as the thread page does.
    const home = await step(pf, named('thread.list (home)'));
    const listed = home.pageData.find((x: { threadId: number }) => x.threadId === created.threadId);
    expect(listed, 'on the home list').toBeDefined();
    const listedContent = dzqContent.parse(listed.content);
    expect(uploadIds(listedContent, 101)).toEqual([image.id]);
    expect(listedContent.text).toContain(`value="${topic.topicId}">#${DZQ_TOPIC}#</span>`);
    expect(listedContent.text).toContain(`value="${made.topicId}">#${fresh}#</span>`);

    // The topic's page lists it first among the topic's threads.
    const topicPage = await sendDzq(
      t.app,
      { ...named('topics.list (editor, typed)'), query: { 'filter[topicId]': String(topic.topicId) } },
      fixtures,
      token,
    );
    const [only] = (
      topicPage.Data as { pageData: Array<{ topicId: number; threads: Array<{ threadId: number }> }> }
    ).pageData;
    expect(only?.topicId).toBe(topic.topicId);
    expect(only?.threads[0]?.threadId).toBe(created.threadId);
  });
});

describe('the original editor keeps drafts and edits', () => {
  it('saves a draft, then publishes it with thread.update', async () => {
    const draft = await step('h5', named('thread.create (draft)'));
    expect(draft).toMatchObject({ isDraft: true });
    const update = named('thread.update');
    const published = await step('h5', {
      ...update,
      body: { ...update.body, threadId: draft.threadId, content: { text: '<p>草稿发布了</p>' } },
    });
    expect(published).toMatchObject({ threadId: draft.threadId, isDraft: false, isApproved: 1 });
    const home = await step('h5', named('thread.list (home)'));
    expect(home.pageData.map((x: { threadId: number }) => x.threadId)).toContain(draft.threadId);
  });

  it('edit mode fills the editor from thread.detail and thread.update keeps the pictures it sends back', async () => {
    const image = await step('pc', named('attachments (image)'));
    const create = named('thread.create');
    const created = await step('pc', create, { imageId: image.id, fileId: fixtures.fileId });
    const detail = await step('pc', named('thread.detail (editor, edit)'), { ownThreadId: created.threadId });
    expect(detail).toMatchObject({ threadId: created.threadId, isDraft: false, categoryId: 1 });
    const categories = await step<Array<{ categoryId: number; canEditThread: boolean }>>(
      'pc',
      named('categories.thread (editor, edit)'),
      { ownThreadId: created.threadId },
    );
    expect(categories.find((c) => c.categoryId === detail.categoryId)?.canEditThread).toBe(true);
    // The editor sends its pictures back by id, from the image block it read.
    const ids = uploadIds(dzqContent.parse(detail.content), 101);
    const update = named('thread.update');
    const edited = await step('pc', {
      ...update,
      body: {
        ...update.body,
        threadId: created.threadId,
        content: {
          text: `<p>改过了 #${DZQ_TOPIC}#</p>`,
          indexes: { 101: { tomId: 101, body: { imageIds: ids } } },
        },
      },
    });
    const after = dzqContent.parse(edited.content);
    expect(after.text).toContain('改过了');
    expect(uploadIds(after, 101)).toEqual([image.id]);
    expect(block(after, 108)).toBeUndefined();
  });
});

describe('our own clients (no marks) read the same thread in our shape', () => {
  it('image blocks keep `{imageIds, images}` and topics stay our links', async () => {
    const list = await sendDzq(t.app, named('thread.list (search more)'), fixtures, undefined, {});
    const mine = (list.Data as { pageData: Array<{ content: { text: string; indexes: object } }> }).pageData;
    const withImage = mine.find((th) => JSON.stringify(th.content.indexes).includes('imageIds'))!;
    expect(Object.values(withImage.content.indexes)[0]).toMatchObject({
      tomId: 101,
      body: {
        imageIds: [expect.any(Number)],
        images: [expect.objectContaining({ url: expect.stringMatching(/^\//) })],
      },
    });
    expect(withImage.content.text).toMatch(/<a class="topic" href="\/topic\/\d+"/);
  });
});
