import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.js';
import {
  highlight,
  matchesQuery,
  rankOf,
  searchTerms,
  segment,
  titleContains,
  toTsQuery,
  tsvectorOf,
} from './index.js';

describe('segment, searchTerms and toTsQuery', () => {
  it('segments Chinese into words (and parts of long words) and keeps English words', () => {
    const tokens = segment('中华人民共和国的钱包提现 Hello, World!').split(' ');
    expect(tokens).toEqual(
      expect.arrayContaining(['中华', '人民', '共和国', '钱包', '提现', 'hello', 'world']),
    );
    expect(tokens).not.toContain(',');
  });

  it('builds an AND query with the last word as a prefix', () => {
    expect(toTsQuery('钱包提现')).toBe('钱包 & 提现:*');
    expect(toTsQuery('Vue')).toBe('vue:*');
    expect(toTsQuery('  ')).toBe('');
  });

  it('drops every tsquery operator (no injection)', () => {
    expect(toTsQuery("a & b | !c ' : * ( ) <-> \\ d")).toBe('a & b & c & d:*');
    expect(toTsQuery("'); DROP TABLE threads; --")).toBe('drop & table & threads:*');
    expect(searchTerms('!!!')).toEqual([]);
  });
});

describe('highlight', () => {
  it('marks every term case-insensitively and escapes the rest', () => {
    expect(highlight('<b>Vue</b> 和 vue 的钱包', ['vue', '钱包'])).toBe(
      '&lt;b&gt;<mark>Vue</mark>&lt;/b&gt; 和 <mark>vue</mark> 的<mark>钱包</mark>',
    );
  });

  it('cuts an excerpt around the first match', () => {
    const text = `${'前'.repeat(100)}关键词${'后'.repeat(100)}`;
    const out = highlight(text, ['关键词'], { excerpt: 40 });
    expect(out.startsWith('…')).toBe(true);
    expect(out.endsWith('…')).toBe(true);
    expect(out).toContain('<mark>关键词</mark>');
  });

  it('never lets a term inject markup', () => {
    expect(highlight('a<script>', ['<script>'])).toBe('a<mark>&lt;script&gt;</mark>');
  });
});

describe('full-text search on the database', () => {
  let t: TestApp;
  const docs = [
    { title: '提现问题', body: '今天在论坛里申请钱包提现，等了三天还没有到账。' },
    { title: '分享经验', body: '给帖子表加上全文索引以后，搜索速度快了十倍。' },
    { title: 'Travel notes', body: '周末去杭州西湖旅游，拍了很多照片，和大家分享美食推荐。' },
    { title: '国庆', body: '中华人民共和国成立七十周年，大家一起来庆祝。' },
  ];

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t.app.forum.database;
    await db.execute(sql`CREATE TABLE search_probe (id serial PRIMARY KEY, title text NOT NULL, body text NOT NULL,
      search_vector tsvector NOT NULL DEFAULT ''::tsvector)`);
    await db.execute(sql`CREATE INDEX search_probe_sv ON search_probe USING gin (search_vector)`);
    await db.execute(
      sql`CREATE INDEX search_probe_title_trgm ON search_probe USING gin (title gin_trgm_ops)`,
    );
    for (const d of docs) {
      await db.execute(
        sql`INSERT INTO search_probe (title, body, search_vector) VALUES (${d.title}, ${d.body}, ${tsvectorOf(`${d.title}\n${d.body}`)})`,
      );
    }
  }, 60_000);
  afterAll(async () => t?.close());

  async function find(q: string): Promise<Array<{ id: number; title: string; body: string }>> {
    const { db } = t.app.forum.database;
    const col = sql.raw('search_vector');
    const where = [matchesQuery(col, q), titleContains(sql.raw('title'), q)].filter((x) => x !== null);
    if (!where.length) return [];
    const r = await db.execute(
      sql`SELECT id, title, body FROM search_probe WHERE ${sql.join(where, sql` OR `)} ORDER BY ${rankOf(col, q)} DESC, id`,
    );
    return (r as unknown as { rows: Array<{ id: number; title: string; body: string }> }).rows;
  }

  it('finds a Chinese word inside a body', async () => {
    expect((await find('提现')).map((r) => r.title)).toEqual(['提现问题']);
    expect((await find('全文索引')).map((r) => r.title)).toEqual(['分享经验']);
    expect((await find('西湖 美食')).map((r) => r.title)).toEqual(['Travel notes']);
    expect((await find('人民')).map((r) => r.title)).toEqual(['国庆']);
    expect((await find('trav')).map((r) => r.title)).toEqual(['Travel notes']);
    expect(await find('不存在的词')).toEqual([]);
    expect(await find("'&|!:*()")).toEqual([]);
  });

  it('highlights the match in the result', async () => {
    const [hit] = await find('钱包提现');
    expect(highlight(hit!.body, searchTerms('钱包提现'))).toBe(
      '今天在论坛里申请<mark>钱包</mark><mark>提现</mark>，等了三天还没有到账。',
    );
  });

  it('uses the GIN index for the vector match', async () => {
    const { db } = t.app.forum.database;
    await db.execute(sql`SET enable_seqscan = off`);
    const plan = await db.execute(
      sql`EXPLAIN SELECT id FROM search_probe WHERE ${matchesQuery(sql.raw('search_vector'), '提现')!}`,
    );
    await db.execute(sql`SET enable_seqscan = on`);
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('search_probe_sv');
  });
});
