import { OrderType, PaymentType, RedPacketReason } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, registerUser, shortcuts, startTestApp, walletMember } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;
let ben: U;
let members: U[];

const { post, get, sql } = shortcuts(() => t.app);
const available = async (u: U) => (await get(u.token, 'wallet/user', {})).Data.availableFen as number;
/** A member's newest wallet-log line as [changeType, fen]. */
const lastLine = async (u: U) => {
  const l = (await get(u.token, 'wallet/log', { perPage: '1' })).Data.pageData[0];
  return [l.changeType, l.amountFen] as [number, number];
};
const escrowFen = async () =>
  BigInt(
    ((
      await sql(
        `SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'escrow_red_packet'`,
      )
    )[0]!.s as string) ?? '0',
  );

const packet = (over: object = {}) => ({ rule: 1, condition: 0, number: 10, price: '10', ...over });
const draft = (u: U, body: object, extra: object = {}) =>
  post(u.token, 'thread.create', {
    categoryId: 1,
    title: '红包帖',
    content: { text: '<p>回复领红包</p>', indexes: { rp: { tomId: 106, body } } },
    draft: true,
    ...extra,
  });
const payFor = async (u: U, threadId: number) => {
  const order = await post(u.token, 'order.create', { type: OrderType.RED_PACKET, threadId });
  if (order.Code !== 0) return order;
  return post(u.token, 'trade/pay/order', {
    orderSn: order.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
};
const publish = (u: U, threadId: number) => post(u.token, 'thread.update', { threadId, draft: false });
const reply = (u: U, threadId: number, text = '谢谢') =>
  post(u.token, 'posts.create', { id: threadId, content: text });
const detail = (u: U | undefined, threadId: number) =>
  get(u?.token, 'thread.detail', { threadId: String(threadId) });

/** A published thread with a paid red packet of `body`. */
async function published(body: object): Promise<number> {
  const d = await draft(ann, body);
  expect(d.Code, d.Message).toBe(0);
  const threadId = d.Data.threadId as number;
  const paid = await payFor(ann, threadId);
  expect(paid.Code, paid.Message).toBe(0);
  const pub = await publish(ann, threadId);
  expect(pub.Code, pub.Message).toBe(0);
  return threadId;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  ann = await walletMember(t.app, admin, '1000');
  ben = await registerUser(t.app);
  members = [];
  for (let i = 0; i < 50; i++) members.push(await registerUser(t.app));
}, 120_000);
afterAll(async () => t?.close());

describe('red packet block limits', () => {
  it('refuses shares outside 1–100, amounts outside 0.01–200 and packets too small to split (-4001 naming the field)', async () => {
    const cases: Array<[object, string]> = [
      [packet({ number: 0 }), 'body.number'],
      [packet({ number: 101 }), 'body.number'],
      [packet({ price: '0' }), 'body.price'],
      [packet({ price: '200.01' }), 'body.price'],
      [packet({ price: '0.05', number: 6 }), 'too small to split'],
      [packet({ condition: 1, likenum: 0 }), 'body.likenum'],
      [packet({ price: '1.234' }), 'body.price'],
    ];
    for (const [body, field] of cases) {
      const r = await draft(ann, body);
      expect([r.Code, r.Message]).toEqual([-4001, expect.stringContaining(field)]);
    }
    expect((await draft(ann, packet({ price: '200', number: 100 }))).Code).toBe(0);
    expect((await draft(ann, packet({ price: '0.01', number: 1 }))).Code).toBe(0);
  });

  it('is saved with a draft only: not on a new published thread, nor added to a published one', async () => {
    const direct = await draft(ann, packet(), { draft: false });
    expect([direct.Code, direct.Message]).toEqual([-4001, expect.stringContaining('draft')]);
    const plain = await post(ann.token, 'thread.create', {
      categoryId: 1,
      title: 'x',
      content: { text: '<p>x</p>' },
    });
    const add = await post(ann.token, 'thread.update', {
      threadId: plain.Data.threadId,
      content: { text: '<p>x</p>', indexes: { rp: { tomId: 106, body: packet() } } },
    });
    expect([add.Code, add.Message]).toEqual([-4001, expect.stringContaining('draft')]);
  });

  it('cannot be published before it is paid; the order is the author’s and matches the price', async () => {
    const d = await draft(ann, packet({ price: '3' }));
    const threadId = d.Data.threadId as number;
    const early = await publish(ann, threadId);
    expect([early.Code, early.Message]).toEqual([-4001, expect.stringContaining('pay the red packet')]);
    const other = await post(ben.token, 'order.create', { type: OrderType.RED_PACKET, threadId });
    expect(other.Code).toBe(-4004);
    const wrong = await post(ann.token, 'order.create', {
      type: OrderType.RED_PACKET,
      threadId,
      amount: '2',
    });
    expect([wrong.Code, wrong.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    const noThread = await post(ann.token, 'order.create', { type: OrderType.RED_PACKET });
    expect([noThread.Code, noThread.Message]).toEqual([-4001, expect.stringContaining('threadId')]);
    const before = await available(ann);
    expect((await payFor(ann, threadId)).Code).toBe(0);
    expect(await available(ann)).toBe(before - 300);
    // A second order for a paid packet is refused, so nothing can be paid twice.
    expect((await post(ann.token, 'order.create', { type: OrderType.RED_PACKET, threadId })).Code).toBe(
      -4003,
    );
    const changed = await post(ann.token, 'thread.update', {
      threadId,
      content: { text: '<p>x</p>', indexes: { rp: { tomId: 106, body: packet({ price: '1' }) } } },
    });
    expect([changed.Code, changed.Message]).toEqual([-4001, expect.stringContaining('cannot be changed')]);
    expect((await publish(ann, threadId)).Code).toBe(0);
    const shown = (await detail(ann, threadId)).Data.content.indexes.rp.body;
    expect(shown).toMatchObject({
      price: '3.00',
      remainMoney: '3.00',
      remainNumber: 10,
      status: 1,
      isReceived: false,
    });
  });
});

describe('permissions', () => {
  it('a member without thread.insertRedPacket or thread.insertReward is refused (-4002); guests must log in', async () => {
    const db = t.app.forum.database;
    const toggle = async (on: boolean) => {
      for (const p of ['thread.insertRedPacket', 'thread.insertReward']) {
        await db.exec(
          on
            ? `INSERT INTO group_permissions (group_id, permission) VALUES (10, '${p}')`
            : `DELETE FROM group_permissions WHERE group_id = 10 AND permission = '${p}'`,
        );
      }
      await t.app.forum.groups.changed();
      await t.app.forum.users.sessionsChanged();
    };
    await toggle(false);
    try {
      expect((await draft(ann, packet())).Code).toBe(-4002);
      const reward = await post(ann.token, 'thread.create', {
        categoryId: 1,
        title: 'q',
        content: {
          text: '<p>q</p>',
          indexes: {
            rw: {
              tomId: 107,
              body: { price: '1', expiredAt: new Date(Date.now() + 48 * 3600_000).toISOString() },
            },
          },
        },
        draft: true,
      });
      expect(reward.Code).toBe(-4002);
      // Administrators hold every permission.
      expect((await draft(admin, packet())).Code).toBe(0);
    } finally {
      await toggle(true);
    }
    expect((await draft({ token: '', userId: 0 }, packet())).Code).toBe(-3001);
    expect((await get(undefined, 'check.user.get.redpacket', { threadId: '1' })).Code).toBe(-3001);
  });
});

describe('grabbing', () => {
  it('a reply grants one share per member; a repeat reply answers the same share; the author gets none', async () => {
    const threadId = await published(packet({ number: 3, price: '1' }));
    const start = await available(ben);
    expect((await reply(ben, threadId)).Code).toBe(0);
    const got = await get(ben.token, 'check.user.get.redpacket', { threadId: String(threadId) });
    expect(got.Data).toMatchObject({ isReceived: true, remainNumber: 2 });
    const share = Math.round(Number(got.Data.amount) * 100);
    expect(share).toBeGreaterThanOrEqual(1);
    expect(await available(ben)).toBe(start + share);
    await reply(ben, threadId, '再来');
    expect(await available(ben)).toBe(start + share);
    await reply(ann, threadId, '作者');
    expect(
      (await get(ann.token, 'check.user.get.redpacket', { threadId: String(threadId) })).Data.isReceived,
    ).toBe(false);
    const shown = (await detail(ben, threadId)).Data.content.indexes.rp.body;
    expect(shown).toMatchObject({ isReceived: true, receivedMoney: got.Data.amount, remainNumber: 2 });
    const entries = await sql(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE reason = $1 AND idempotency_key = $2`,
      [RedPacketReason.INCOME, `redpacket:${threadId}:${ben.userId}`],
    );
    expect(entries[0]!.n).toBe(1);
    // Wallet-log lines (reference §1.9): the author paid the packet (150), ben's share is its income (151).
    expect(await lastLine(ben)).toEqual([151, share]);
    const annLog = (await get(ann.token, 'wallet/log', { changeType: '150', perPage: '1' })).Data.pageData;
    expect([annLog[0].changeType, annLog[0].amountFen]).toEqual([150, -100]);
  });

  it('50 members replying at once to a 10-share random packet: exactly 10 grants summing to the total; expiry refunds nothing more', async () => {
    const escrowBefore = await escrowFen();
    const threadId = await published(packet({ number: 10, price: '5' }));
    const annBefore = await available(ann);
    const results = await Promise.all(members.map((m, i) => reply(m, threadId, `第 ${i} 楼`)));
    expect(results.every((r) => r.Code === 0)).toBe(true);
    const grants = await sql(
      `SELECT g.user_id, g.amount_fen::text AS fen FROM red_packet_grants g JOIN red_packets p ON p.id = g.red_packet_id WHERE p.thread_id = $1`,
      [threadId],
    );
    expect(grants).toHaveLength(10);
    expect(new Set(grants.map((g) => g.user_id)).size).toBe(10);
    expect(grants.reduce((s, g) => s + BigInt(g.fen as string), 0n)).toBe(500n);
    expect(grants.every((g) => BigInt(g.fen as string) >= 1n)).toBe(true);
    expect(await escrowFen()).toBe(escrowBefore);
    await sql(`UPDATE red_packets SET expires_at = now() - interval '1 second' WHERE thread_id = $1`, [
      threadId,
    ]);
    await t.app.redPackets.redPackets.expireDue();
    expect(await available(ann)).toBe(annBefore);
  });

  it('expiry refunds what is left to the author and the escrow goes back to where it was', async () => {
    const escrowBefore = await escrowFen();
    const threadId = await published(packet({ number: 5, price: '2', rule: 0 }));
    expect(await escrowFen()).toBe(escrowBefore + 200n);
    await reply(members[0]!, threadId);
    await reply(members[1]!, threadId);
    const annBefore = await available(ann);
    await sql(`UPDATE red_packets SET expires_at = now() - interval '1 second' WHERE thread_id = $1`, [
      threadId,
    ]);
    expect(await t.app.redPackets.redPackets.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await available(ann)).toBe(annBefore + 120);
    expect(await lastLine(ann)).toEqual([152, 120]);
    expect(await escrowFen()).toBe(escrowBefore);
    // Running the job again moves nothing; a reply after expiry gets nothing.
    await t.app.redPackets.redPackets.expireDue();
    expect(await available(ann)).toBe(annBefore + 120);
    await reply(members[2]!, threadId);
    expect(
      (await get(members[2]!.token, 'check.user.get.redpacket', { threadId: String(threadId) })).Data
        .isReceived,
    ).toBe(false);
  });

  it('likes-to-get: a reply reaching N likes grants its author a share', async () => {
    const threadId = await published(packet({ condition: 1, likenum: 2, number: 2, price: '1' }));
    const r = await reply(ben, threadId);
    expect(
      (await get(ben.token, 'check.user.get.redpacket', { threadId: String(threadId) })).Data.isReceived,
    ).toBe(false);
    const like = (u: U) =>
      post(u.token, 'posts.update', { postId: r.Data.id, data: { attributes: { isLiked: true } } });
    expect((await like(members[3]!)).Code).toBe(0);
    expect(
      (await get(ben.token, 'check.user.get.redpacket', { threadId: String(threadId) })).Data.isReceived,
    ).toBe(false);
    await like(members[4]!);
    expect(
      (await get(ben.token, 'check.user.get.redpacket', { threadId: String(threadId) })).Data.isReceived,
    ).toBe(true);
  });
});
