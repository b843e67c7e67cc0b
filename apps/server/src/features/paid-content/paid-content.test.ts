import { OrderType, PaymentType } from '@forum/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uploadFile, type TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U; // author
let ben: U; // buyer
let cat: U; // another member
let dan: U; // a member invited by cat (commission)

const post = (u: U | null, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token: u?.token, body });
const get = (u: U | null, path: string) => call(t.app, 'GET', `/api/v3/${path}`, { token: u?.token });
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows as Array<Record<string, unknown>>;
const balance = async (u: U) => (await get(u, 'wallet/user')).Data.availableAmount as string;
const siteRevenue = async () =>
  String(
    (
      await sql(`SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'site_revenue'`)
    )[0]!.s,
  );
const setScales = (author: number, master: number) =>
  t.app.forum.settings.set([
    { key: 'site_author_scale', tag: 'default', value: String(author) },
    { key: 'site_master_scale', tag: 'default', value: String(master) },
  ]);
async function grant(permission: string, on: boolean) {
  const db = t.app.forum.database;
  await db.exec(
    on
      ? `INSERT INTO group_permissions (group_id, permission) VALUES (10, $1) ON CONFLICT DO NOTHING`
      : `DELETE FROM group_permissions WHERE group_id = 10 AND permission = $1`,
    [permission],
  );
  await t.app.forum.groups.changed();
  await t.app.forum.users.sessionsChanged();
}
/** Buys with the wallet: order.create then trade/pay/order; answers the pay reply (or the create's failure). */
async function buy(u: U, body: object) {
  const order = await post(u, 'order.create', body);
  if (order.Code !== 0) return order;
  return post(u, 'trade/pay/order', {
    orderSn: order.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
}
const TEXT = 'ABCDEFGHIJKLMNOPQRST';
const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
async function paidThread(u: U, fields: object, indexes: object = {}) {
  const r = await post(u, 'thread.create', {
    categoryId: 1,
    title: 'Paid',
    content: { text: `<p>${TEXT}</p>`, indexes },
    ...fields,
  });
  expect(r.Code, r.Message).toBe(0);
  return r.Data as { threadId: number };
}
const detail = (u: U | null, threadId: number) => get(u, `thread.detail?threadId=${threadId}`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  [ann, ben, cat, dan] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  for (const u of [ben, cat, dan]) {
    await post(u, 'users/pay-password.update', { payPassword: '123456', payPasswordConfirmation: '123456' });
    await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
      token: admin.token,
      body: { userId: u.userId, operate: 1, amount: '200000', idempotencyKey: `seed-${u.userId}-0001` },
    });
  }
});
afterAll(async () => t?.close());

describe('prices on the thread write', () => {
  it('-4001 naming the field: three decimals, above 100,000, both prices', async () => {
    const cases: Array<[object, string]> = [
      [{ price: 1.234 }, 'price'],
      [{ price: 100000.01 }, 'price'],
      [{ attachmentPrice: -1 }, 'attachmentPrice'],
      [{ price: 1, attachmentPrice: 2 }, 'attachmentPrice'],
    ];
    for (const [fields, field] of cases) {
      const r = await post(ann, 'thread.create', { categoryId: 1, content: { text: 'x' }, ...fields });
      expect([r.Code, r.Message], JSON.stringify(fields)).toEqual([-4001, expect.stringContaining(field)]);
    }
  });

  it('stores fen: 100,000 and 0.01 are fine; the thread shows yuan', async () => {
    const { threadId } = await paidThread(ann, { price: 100000 });
    expect((await detail(ann, threadId)).Data).toMatchObject({ price: 100000, payType: 1 });
    const cheap = await paidThread(ann, { attachmentPrice: 0.01 });
    expect((await detail(ann, cheap.threadId)).Data).toMatchObject({ attachmentPrice: 0.01, payType: 2 });
    const [row] = await sql('SELECT price, attachment_price FROM threads WHERE id = $1', [cheap.threadId]);
    expect([Number(row!.price), Number(row!.attachment_price)]).toEqual([0, 1]);
  });

  it('a price needs thread.insertPay (-4002); a free thread does not', async () => {
    await grant('thread.insertPay', false);
    try {
      expect(
        (await post(cat, 'thread.create', { categoryId: 1, content: { text: 'x' }, price: 1 })).Code,
      ).toBe(-4002);
      expect((await post(cat, 'thread.create', { categoryId: 1, content: { text: 'x' } })).Code).toBe(0);
      expect(
        (await post(admin, 'thread.create', { categoryId: 1, content: { text: 'x' }, price: 1 })).Code,
      ).toBe(0);
    } finally {
      await grant('thread.insertPay', true);
    }
  });
});

describe('paid threads', () => {
  it('non-payers read the free words with locked media; the payer, author and admins read everything', async () => {
    const img = await uploadFile(t.app, ann.token, { name: 'a.png', data: await png() }, 1);
    const { threadId } = await paidThread(
      ann,
      { price: 9.99, freeWords: 0.25 },
      { '0': { tomId: 101, body: { imageIds: [img.Data.id] } } },
    );
    for (const u of [null, cat]) {
      const d = (await detail(u, threadId)).Data;
      expect(d.content.text).toBe('<p>ABCDE</p>');
      expect(d.content.indexes['0'].body).toEqual({ locked: true, count: 1 });
      expect(JSON.stringify(d)).not.toContain('KLMNOP');
      expect(d.paid).toBe(false);
    }
    // The image URL alone does not open it.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: img.Data.url,
          headers: { authorization: `Bearer ${cat.token}` },
        })
      ).statusCode,
    ).not.toBe(200);
    for (const u of [ann, admin]) {
      const d = (await detail(u, threadId)).Data;
      expect(d.content.text).toContain(TEXT);
      expect(d.content.indexes['0'].body.images).toHaveLength(1);
    }

    await setScales(8, 2);
    const [annBefore, siteBefore] = [await balance(ann), await siteRevenue()];
    const paid = await buy(ben, { type: OrderType.THREAD, threadId });
    expect(paid.Code, paid.Message).toBe(0);
    const d = (await detail(ben, threadId)).Data;
    expect([d.paid, d.content.text]).toEqual([true, `<p>${TEXT}</p>`]);
    expect(d.content.indexes['0'].body.images).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: img.Data.url,
          headers: { authorization: `Bearer ${ben.token}` },
        })
      ).statusCode,
    ).toBe(200);
    // 9.99: the author 8 tenths rounded half up (7.99), the site the rest (2.00).
    expect(Number(await balance(ann)) - Number(annBefore)).toBeCloseTo(7.99, 5);
    expect(BigInt(await siteRevenue()) - BigInt(siteBefore)).toBe(200n);
    const [row] = await sql('SELECT paid_count FROM threads WHERE id = $1', [threadId]);
    expect(row!.paid_count).toBe(1);

    // Paying twice is refused at create; nothing moves.
    const benAfter = await balance(ben);
    const again = await buy(ben, { type: OrderType.THREAD, threadId });
    expect(again.Code).toBe(-4003);
    expect(await balance(ben)).toBe(benAfter);

    // Lists: the group's shared copy stays cut for others, the payer's own copy is whole.
    const list = async (u: U) =>
      (
        (await get(u, 'thread.list?perPage=50')).Data.pageData as Array<{
          threadId: number;
          content: { text: string };
        }>
      ).find((i) => i.threadId === threadId)!;
    expect((await list(cat)).content.text).toBe('<p>ABCDE</p>');
    expect((await list(ben)).content.text).toContain(TEXT);
    expect((await list(cat)).content.text).toBe('<p>ABCDE</p>');

    const mine = await get(ben, 'purchases.list');
    expect(mine.Data.pageData[0]).toMatchObject({ threadId, type: 3, amount: '9.99', title: 'Paid' });
    expect((await get(null, 'purchases.list')).Code).toBe(-3001);
  });

  it('two orders paid for the same thread: the second payment is refused and moves nothing', async () => {
    const { threadId } = await paidThread(ann, { price: 1 });
    const a = await post(cat, 'order.create', { type: OrderType.THREAD, threadId });
    const b = await post(cat, 'order.create', { type: OrderType.THREAD, threadId });
    const pay = (sn: string) =>
      post(cat, 'trade/pay/order', { orderSn: sn, paymentType: PaymentType.WALLET, payPassword: '123456' });
    expect((await pay(a.Data.orderSn)).Code).toBe(0);
    const before = await balance(cat);
    expect((await pay(b.Data.orderSn)).Code).toBe(-4003);
    expect(await balance(cat)).toBe(before);
  });

  it('thread.freeViewPosts reads paid threads without paying; its own thread and free threads cannot be bought', async () => {
    const { threadId } = await paidThread(ann, { price: 2, freeWords: 0 });
    expect((await detail(cat, threadId)).Data.content.text).toBe('');
    await grant('thread.freeViewPosts', true);
    try {
      const d = (await detail(cat, threadId)).Data;
      expect([d.content.text, d.paid, d.ability.canFreeViewPost]).toEqual([`<p>${TEXT}</p>`, false, true]);
    } finally {
      await grant('thread.freeViewPosts', false);
    }
    const own = await post(ann, 'order.create', { type: OrderType.THREAD, threadId });
    expect([own.Code, own.Message]).toEqual([-4001, expect.stringContaining('threadId')]);
    const free = await paidThread(ann, {});
    const r = await post(cat, 'order.create', { type: OrderType.THREAD, threadId: free.threadId });
    expect([r.Code, r.Message]).toEqual([-4001, expect.stringContaining('threadId')]);
    expect((await post(null, 'order.create', { type: OrderType.THREAD, threadId })).Code).toBe(-3001);
    expect((await post(cat, 'order.create', { type: OrderType.THREAD, threadId: 999999 })).Code).toBe(-4004);
  });

  it('paid attachments: the text is free, the file block locked until order type 7 is paid', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const doc = await uploadFile(t.app, ann.token, { name: 'notes.pdf', data: pdf }, 0);
    expect(doc.Code, doc.Message).toBe(0);
    const { threadId } = await paidThread(
      ann,
      { attachmentPrice: 0.03 },
      { f: { tomId: 108, body: { docIds: [doc.Data.id] } } },
    );
    const before = (await detail(cat, threadId)).Data;
    expect(before.content.text).toContain(TEXT);
    expect(before.content.indexes.f.body).toEqual({ locked: true, count: 1 });
    expect((await buy(cat, { type: OrderType.THREAD, threadId })).Code).toBe(-4001);
    const fetch = (u: U) =>
      t.app.inject({ method: 'GET', url: doc.Data.url, headers: { authorization: `Bearer ${u.token}` } });
    expect((await fetch(ben)).statusCode).not.toBe(200);
    expect((await buy(cat, { type: OrderType.ATTACHMENT, threadId })).Code).toBe(0);
    const after = (await detail(cat, threadId)).Data;
    expect(after.paid).toBe(true);
    expect(after.content.indexes.f.body.docs).toHaveLength(1);
    expect((await fetch(cat)).statusCode).toBe(200);
  });
});

describe('tips and commission', () => {
  it('a tip goes to the author by the split; not to oneself; guests -3001; bad amounts -4001', async () => {
    const { threadId } = await paidThread(ann, {});
    await setScales(10, 0);
    const before = await balance(ann);
    expect((await buy(cat, { type: OrderType.REWARD, threadId, amount: '0.01' })).Code).toBe(0);
    expect(Number(await balance(ann)) - Number(before)).toBeCloseTo(0.01, 5);
    const own = await post(ann, 'order.create', { type: OrderType.REWARD, threadId, amount: '1' });
    expect(own.Code).toBe(-4001);
    expect((await post(null, 'order.create', { type: OrderType.REWARD, threadId, amount: '1' })).Code).toBe(
      -3001,
    );
    for (const amount of ['0', '100000.01', '1.001']) {
      const r = await post(cat, 'order.create', { type: OrderType.REWARD, threadId, amount });
      expect([r.Code, r.Message], amount).toEqual([-4001, expect.stringContaining('amount')]);
    }
    const noAmount = await post(cat, 'order.create', { type: OrderType.REWARD, threadId });
    expect([noAmount.Code, noAmount.Message]).toEqual([-4001, expect.stringContaining('amount')]);
  });

  it("the payer's inviter earns be_scale tenths of the author's share (user_distributions)", async () => {
    // The invites feature's table: cat invited dan on terms of 3 tenths.
    await t.app.forum.database.exec(
      `INSERT INTO user_distributions (user_id, inviter_id, be_scale, is_subordinate, is_commission)
       VALUES ($1, $2, 3, true, true)`,
      [dan.userId, cat.userId],
    );
    await setScales(8, 2);
    const { threadId } = await paidThread(ann, {});
    const [a0, c0, s0] = [await balance(ann), await balance(cat), await siteRevenue()];
    expect((await buy(dan, { type: OrderType.REWARD, threadId, amount: '99999.99' })).Code).toBe(0);
    // 9,999,999 fen: author share 7,999,999; inviter 3 tenths of it 2,400,000; site 2,000,000.
    expect(Math.round((Number(await balance(ann)) - Number(a0)) * 100)).toBe(5_599_999);
    expect(Math.round((Number(await balance(cat)) - Number(c0)) * 100)).toBe(2_400_000);
    expect(BigInt(await siteRevenue()) - BigInt(s0)).toBe(2_000_000n);
    const [sum] = await sql(`SELECT sum(amount)::text AS s FROM ledger_entries`);
    expect(sum!.s).toBe('0');
  });
});

describe("wallet-log types: every line has its own (the payer's expense, the author's income, the commission)", () => {
  type Line = { changeType: number; amount: string };
  const lastLine = async (u: U) => ((await get(u, 'wallet/log?perPage=1')).Data.pageData as Line[])[0]!;
  const line = async (u: U) => {
    const l = await lastLine(u);
    return [l.changeType, l.amount];
  };

  it('a paid thread, a tip and paid attachments: 61/60/62, 41/31/33, 52/63/64; the site keeps its share', async () => {
    // dan was invited by cat (3 tenths of the author's share, the test above); the site keeps 2 tenths.
    await setScales(8, 2);
    const { threadId } = await paidThread(ann, { price: 10 });
    const files = await paidThread(ann, { attachmentPrice: 5 });
    const cases: Array<[object, [number, string], [number, string], [number, string], bigint]> = [
      // 10.00: author share 8.00, inviter 3 tenths of it 2.40, author keeps 5.60, site 2.00.
      [{ type: OrderType.THREAD, threadId }, [61, '-10.00'], [60, '5.60'], [62, '2.40'], 200n],
      [{ type: OrderType.REWARD, threadId, amount: '1' }, [41, '-1.00'], [31, '0.56'], [33, '0.24'], 20n],
      [
        { type: OrderType.ATTACHMENT, threadId: files.threadId },
        [52, '-5.00'],
        [63, '2.80'],
        [64, '1.20'],
        100n,
      ],
    ];
    for (const [body, payer, author, inviter, site] of cases) {
      const s0 = BigInt(await siteRevenue());
      const r = await buy(dan, body);
      expect(r.Code, r.Message).toBe(0);
      expect([await line(dan), await line(ann), await line(cat)], JSON.stringify(body)).toEqual([
        payer,
        author,
        inviter,
      ]);
      expect(BigInt(await siteRevenue()) - s0).toBe(site);
      // The site's entry keeps the payer's type (the finance statistics sum its revenue by it).
      const [siteLine] = await sql(
        `SELECT e.reason FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.kind = 'site_revenue' ORDER BY e.id DESC LIMIT 1`,
      );
      expect(siteLine!.reason).toBe(payer[0]);
    }
    // The member's filter and the administrator's fund details read the lines' own types.
    const sixty = (await get(ann, 'wallet/log?changeType=60')).Data.pageData as Line[];
    expect(sixty.every((l) => l.changeType === 60)).toBe(true);
    expect(sixty[0]!.amount).toBe('5.60');
    const funds = await call(t.app, 'GET', '/api/backAdmin/users.wallet.logs?changeType=62', {
      token: admin.token,
    });
    expect(
      funds.Data.pageData.map((l: { userId: number; changeType: number }) => [l.userId, l.changeType]),
    ).toEqual([[cat.userId, 62]]);
  });

  it('an author who invited the payer gets two lines: the income and the commission', async () => {
    await t.app.forum.database.exec(
      `INSERT INTO user_distributions (user_id, inviter_id, be_scale, is_subordinate, is_commission)
       VALUES ($1, $2, 5, true, true)`,
      [ben.userId, ann.userId],
    );
    await setScales(10, 0);
    const { threadId } = await paidThread(ann, { price: 3 });
    expect((await buy(ben, { type: OrderType.THREAD, threadId })).Code).toBe(0);
    const log = (await get(ann, 'wallet/log?perPage=2')).Data.pageData as Line[];
    // 3.00 all to the author's side: 1.50 commission (5 tenths), 1.50 income.
    expect(log.map((l) => [l.changeType, l.amount]).sort()).toEqual([
      [60, '1.50'],
      [62, '1.50'],
    ]);
    expect(await line(ben)).toEqual([61, '-3.00']);
  });
});
