import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { seed } from '../seed/index.js';
import { extractTopics } from './index.js';

// Issue: the topics page said "no topics yet" while threads were full of `#健身#` tags.

let t: TestApp;
let member: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  member = await registerUser(t.app);
});
afterAll(async () => t?.close());

interface Topic {
  topicId: number;
  content: string;
  threadCount: number;
}
const topicsNamed = async (content: string) =>
  (
    await call<{ pageData: Topic[] }>(t.app, 'GET', '/api/v3/topics.list', {
      query: { 'filter[content]': content },
    })
  ).Data.pageData.filter((x) => x.content === content);

const post = (title: string, text: string) =>
  call<{ threadId: number }>(t.app, 'POST', '/api/v3/thread.create', {
    token: member.token,
    body: { categoryId: 1, title, content: { text } },
  });

describe('topics from #name#', () => {
  it('posting a thread with #name# creates the topic on first use, links it and counts its threads', async () => {
    const a = await post('第一次晨跑', '<p>今天跑了五公里 #晨跑打卡#</p>');
    expect(a.Code).toBe(0);
    let [topic] = await topicsNamed('晨跑打卡');
    expect(topic?.threadCount).toBe(1);
    const b = await post('第二次晨跑', '<p>又是五公里 #晨跑打卡# 和 #晨跑打卡#</p>');
    expect(b.Code).toBe(0);
    [topic] = await topicsNamed('晨跑打卡');
    expect(topic?.threadCount).toBe(2);
    const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(b.Data.threadId) },
    });
    expect(JSON.stringify(detail.Data)).toContain(`/topic/${topic!.topicId}`);
  });

  it('text that is not a tag makes no topic (an empty # #, a name over 20 characters)', async () => {
    const long = '这是一段很长很长很长很长很长很长很长的文字';
    expect((await post('不是话题', `<p>价格 # # 以及 #${long}#</p>`)).Code).toBe(0);
    expect(await topicsNamed(long)).toEqual([]);
    const r = await call(t.app, 'GET', '/api/v3/topics.list', { query: { sortBy: 'x' } });
    expect(r.Code).toBe(-4001);
  });

  it('the seed makes topics of its tags, and extracting again adds nothing and keeps the counts', async () => {
    await seed(t.app.forum.database, { users: 3, threads: 40, replies: 0 }, () => {});
    const all = (
      await call<{ pageData: Topic[] }>(t.app, 'GET', '/api/v3/topics.list', { query: { perPage: '50' } })
    ).Data.pageData;
    const seeded = all.filter((x) => x.content !== '晨跑打卡');
    expect(seeded.length).toBeGreaterThan(0);
    const linked = (await t.app.forum.database.exec(
      'SELECT topic_id, count(*)::int n FROM thread_topics GROUP BY topic_id',
    )) as { rows: Array<{ topic_id: number; n: number }> };
    for (const x of all) expect(x.threadCount).toBe(linked.rows.find((l) => l.topic_id === x.topicId)?.n);
    const again = await extractTopics(t.app.forum.database.db);
    expect(again.links).toBe(0);
    expect(again.threads).toBeGreaterThan(0);
    const after = (
      await call<{ pageData: Topic[] }>(t.app, 'GET', '/api/v3/topics.list', { query: { perPage: '50' } })
    ).Data.pageData;
    expect(after.map((x) => [x.topicId, x.threadCount])).toEqual(all.map((x) => [x.topicId, x.threadCount]));
  });
});
