import { OrderType, PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { Notifier } from './notifier.js';

/**
 * Issue 12 follow-ups: the money events members are told of (reference §1.8), each once, to the member paid,
 * never to the one who paid, after the money has committed.
 */
let t: TestApp;
type U = { token: string; userId: number };
type Item = {
  type: string;
  event: string;
  amount: string;
  orderType: number;
  threadId: number | null;
  postId: number | null;
  sender: { userId: number } | null;
  content: string;
  vars: Record<string, string>;
};
let admin: U;
let ann: U; // author: threads, red packets, bounties
let ben: U; // payer, invited by cat
let cat: U; // inviter
let dan: U; // another member

const FINANCIAL = 'rewarded,threadrewarded,threadrewardedexpired,receiveredpacket';
const post = (u: U | null, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token: u?.token, body });
const get = (u: U, path: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/v3/${path}`, { token: u.token, query });
const sql = (text: string, params: unknown[] = []) => t.app.forum.database.exec(text, params);
const setting = (key: string, value: string) => t.app.forum.settings.set([{ key, tag: 'default', value }]);
/** A member's notifications of some types, newest first (listing marks them read). */
const notices = async (u: U, types = FINANCIAL): Promise<Item[]> =>
  (await get(u, 'notification', { 'filter[type]': types, perPage: '50' })).Data.pageData;
const unread = async (u: U) => (await get(u, 'unreadnotification')).Data;
/** Deletes every notification of the members, so each test sees only its own. */
const clear = (...us: U[]) =>
  Promise.all(
    us.map((u) =>
      post(u, 'notification.delete', { type: `${FINANCIAL},system,replied,liked,related,withdrawal` }),
    ),
  );

async function fund(u: U, amount = '1000') {
  await post(u, 'users/pay-password.update', { payPassword: '123456', payPasswordConfirmation: '123456' });
  const r = await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId: u.userId, operate: 1, amount, idempotencyKey: `fund-${u.userId}-notices` },
  });
  expect(r.Code, r.Message).toBe(0);
}
/** Creates and pays an order from the wallet; answers the payment's reply. */
async function pay(u: U, body: object) {
  const order = await post(u, 'order.create', body);
  expect(order.Code, order.Message).toBe(0);
  return post(u, 'trade/pay/order', {
    orderSn: order.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
}
async function thread(u: U, title: string, fields: object = {}, indexes: object = {}, draft = false) {
  const r = await post(u, 'thread.create', {
    categoryId: 1,
    title,
    content: { text: '<p>正文</p>', indexes },
    draft,
    ...fields,
  });
  expect(r.Code, r.Message).toBe(0);
  return r.Data.threadId as number;
}
/** A published thread of ann's with a paid block (106 red packet, 107 bounty). */
async function blockThread(title: string, tomId: number, body: object, type: number): Promise<number> {
  const threadId = await thread(ann, title, {}, { b: { tomId, body } }, true);
  expect((await pay(ann, { type, threadId })).Code).toBe(0);
  expect((await post(ann, 'thread.update', { threadId, draft: false })).Code).toBe(0);
  return threadId;
}
/** A thread of ann's with a paid red packet of four equal shares of `price`, one per reply. */
const redPacketThread = (title: string, price: string) =>
  blockThread(title, 106, { rule: 0, condition: 0, number: 4, price }, OrderType.RED_PACKET);
const stopWords = (words: string[]) =>
  call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
    token: admin.token,
    body: { words, overwrite: true },
  });
const reply = async (u: U, threadId: number, content = '回复') => {
  const r = await post(u, 'posts.create', { id: threadId, content });
  expect(r.Code, r.Message).toBe(0);
  return r.Data as { id: number; isApproved: number };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  [ann, ben, cat, dan] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  await setting('thread_post_interval', '0');
  for (const u of [ann, ben, dan]) await fund(u);
  // cat invited ben on terms of 3 tenths (the invites feature's table).
  await sql(
    `INSERT INTO user_distributions (user_id, inviter_id, be_scale, is_subordinate, is_commission)
     VALUES ($1, $2, 3, true, true)`,
    [ben.userId, cat.userId],
  );
}, 60_000);
afterAll(async () => t?.close());

describe('tips and paid content (rewarded)', () => {
  it('a tip: the author is told who and how much on which thread, the inviter their commission, the payer nothing', async () => {
    const threadId = await thread(ann, '打赏通知帖');
    await clear(ann, ben, cat);
    expect((await pay(ben, { type: OrderType.REWARD, threadId, amount: '5' })).Code).toBe(0);
    // The author's share 5.00 less the inviter's 3 tenths of it (1.50).
    expect(await unread(ann)).toMatchObject({ financialUnread: 1, unreadNotifications: 1, totalUnread: 1 });
    expect((await unread(cat)).financialUnread).toBe(1);
    const [tip, ...more] = await notices(ann);
    expect(more).toEqual([]);
    expect(tip).toMatchObject({
      type: 'rewarded',
      event: 'content.rewarded',
      amount: '3.50',
      orderType: OrderType.REWARD,
      threadId,
      sender: expect.objectContaining({ userId: ben.userId }),
    });
    expect(tip!.content).toContain('3.50');
    expect(tip!.content).toContain('打赏通知帖');
    expect(await notices(cat)).toEqual([
      expect.objectContaining({ type: 'rewarded', event: 'commission.income', amount: '1.50', threadId }),
    ]);
    expect(await notices(ben)).toEqual([]);
    expect((await unread(ann)).financialUnread).toBe(0);
  });

  it('an anonymous tip does not name the payer', async () => {
    const threadId = await thread(ann, '匿名打赏');
    await clear(ann);
    expect((await pay(dan, { type: OrderType.REWARD, threadId, amount: '1', isAnonymous: true })).Code).toBe(
      0,
    );
    const [tip] = await notices(ann);
    expect(tip).toMatchObject({ event: 'content.rewarded', amount: '1.00', sender: null });
    expect(tip!.content).toContain('匿名用户');
  });

  it('a paid thread and paid attachments: the author gets "content paid" with the order type', async () => {
    const paid = await thread(ann, '付费主题', { price: 2 });
    const files = await thread(ann, '付费附件', { attachmentPrice: 1 });
    await clear(ann, cat, dan);
    expect((await pay(dan, { type: OrderType.THREAD, threadId: paid })).Code).toBe(0);
    expect((await pay(ben, { type: OrderType.ATTACHMENT, threadId: files })).Code).toBe(0);
    expect((await unread(ann)).financialUnread).toBe(2);
    expect(await notices(ann)).toEqual([
      // ben's inviter takes 3 tenths of 1.00: 0.70 left to the author.
      expect.objectContaining({ event: 'content.paid', amount: '0.70', orderType: 7, threadId: files }),
      expect.objectContaining({ event: 'content.paid', amount: '2.00', orderType: 3, threadId: paid }),
    ]);
    expect(await notices(cat)).toEqual([
      expect.objectContaining({ event: 'commission.income', amount: '0.30', orderType: 7 }),
    ]);
    expect(await notices(dan)).toEqual([]);
  });

  it('a notification that fails never undoes the payment', async () => {
    const threadId = await thread(ann, '通知失败');
    await clear(ann);
    const before = (await get(ann, 'wallet/user')).Data.availableFen as number;
    const spy = vi.spyOn(Notifier.prototype, 'send').mockRejectedValue(new Error('notifications down'));
    try {
      expect((await pay(dan, { type: OrderType.REWARD, threadId, amount: '2' })).Code).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect((await get(ann, 'wallet/user')).Data.availableFen).toBe(before + 200);
    expect(await notices(ann)).toEqual([]);
  });
});

describe('red packets (receiveredpacket)', () => {
  it('the grabber is told their share and the thread, once; the author nothing', async () => {
    const threadId = await redPacketThread('红包通知', '2');
    await clear(ann, ben);
    const r = await reply(ben, threadId);
    await reply(ben, threadId, '再来一次');
    await reply(ann, threadId, '作者自己');
    expect((await unread(ben)).financialUnread).toBe(1);
    expect(await notices(ben)).toEqual([
      expect.objectContaining({
        type: 'receiveredpacket',
        event: 'redpacket.received',
        amount: '0.50',
        threadId,
        postId: r.id,
        sender: expect.objectContaining({ userId: ann.userId }),
      }),
    ]);
    expect(await notices(ann)).toEqual([]);
  });

  it('a reply approved after review gets its share then, exactly once (review pass twice, posts.update)', async () => {
    await stopWords(['待审红包={MOD}']);
    const threadId = await redPacketThread('审核红包', '4');
    await clear(dan, cat);
    const held = await reply(dan, threadId, '这里有待审红包');
    expect(held.isApproved).toBe(0);
    const grants = async (u: U) =>
      Number(
        (
          await sql(
            `SELECT count(*)::int AS n FROM red_packet_grants g JOIN red_packets p ON p.id = g.red_packet_id
             WHERE p.thread_id = $1 AND g.user_id = $2`,
            [threadId, u.userId],
          )
        ).rows[0]!.n,
      );
    expect(await grants(dan)).toBe(0);
    const pass = (id: number) =>
      call(t.app, 'POST', '/api/backAdmin/manage.submit.review', {
        token: admin.token,
        body: { kind: 'post', ids: [id], action: 'pass' },
      });
    expect((await pass(held.id)).Data.done).toEqual([held.id]);
    expect((await pass(held.id)).Data.done).toEqual([]);
    expect(await grants(dan)).toBe(1);
    expect(await notices(dan)).toEqual([
      expect.objectContaining({ event: 'redpacket.received', amount: '1.00', postId: held.id }),
    ]);
    // Ignored, then passed again: the share was granted already, nobody is told twice.
    await call(t.app, 'POST', '/api/backAdmin/manage.submit.review', {
      token: admin.token,
      body: { kind: 'post', ids: [held.id], action: 'ignore' },
    });
    expect((await pass(held.id)).Data.done).toEqual([held.id]);
    expect(await grants(dan)).toBe(1);
    expect(await notices(dan)).toEqual([expect.objectContaining({ event: 'redpacket.received' })]);
    // The other way to approve: posts.update by an administrator.
    const other = await reply(cat, threadId, '又有待审红包');
    const upd = await post(admin, 'posts.update', {
      postId: other.id,
      data: { attributes: { isApproved: 1 } },
    });
    expect(upd.Code, upd.Message).toBe(0);
    expect(await grants(cat)).toBe(1);
    expect(await notices(cat)).toEqual([
      expect.objectContaining({ event: 'redpacket.received', amount: '1.00', postId: other.id }),
    ]);
    await stopWords([]);
  });
});

describe('bounties (threadrewarded, threadrewardedexpired)', () => {
  const bounty = { type: 0, price: '10', expiredAt: new Date(Date.now() + 48 * 3600_000).toISOString() };
  const expire = async (threadId: number) => {
    await sql(`UPDATE thread_rewards SET expired_at = now() - interval '1 second' WHERE thread_id = $1`, [
      threadId,
    ]);
    return t.app.redPackets.rewards.expireDue();
  };

  it('the rewarded answer is told by the author, once; the rest at expiry is split and each told', async () => {
    const threadId = await blockThread('悬赏通知', 107, bounty, OrderType.BOUNTY);
    const b = await reply(ben, threadId, '答案一');
    await reply(dan, threadId, '答案二');
    await clear(ann, ben, dan);
    const reward = () => post(ann, 'posts.reward', { threadId, postId: b.id, rewards: '4' });
    expect((await reward()).Code).toBe(0);
    expect((await reward()).Code).toBe(0);
    expect((await unread(ben)).financialUnread).toBe(1);
    expect(await notices(ben)).toEqual([
      expect.objectContaining({
        type: 'threadrewarded',
        event: 'bounty.answered',
        amount: '4.00',
        threadId,
        postId: b.id,
        sender: expect.objectContaining({ userId: ann.userId }),
      }),
    ]);
    await clear(ben);
    expect(await expire(threadId)).toBe(1);
    for (const u of [ben, dan]) {
      expect(await notices(u)).toEqual([
        expect.objectContaining({
          type: 'threadrewardedexpired',
          event: 'bounty.shared',
          amount: '3.00',
          threadId,
          sender: null,
        }),
      ]);
    }
    expect(await notices(ann)).toEqual([]);
  });

  it('a bounty nobody answered is refunded and its author told', async () => {
    const threadId = await blockThread('无人回答', 107, bounty, OrderType.BOUNTY);
    await clear(ann);
    expect(await expire(threadId)).toBe(1);
    expect((await unread(ann)).financialUnread).toBe(1);
    const [n] = await notices(ann);
    expect(n).toMatchObject({ event: 'bounty.expired', amount: '10.00', threadId });
    expect(n!.content).toContain('10.00');
  });
});

describe('paid groups and the paid site (system)', () => {
  it('buying a paid group, buying it again and its lapse are each told', async () => {
    const g = await call(t.app, 'POST', '/api/groups.create.v2', {
      token: admin.token,
      body: { name: '通知金卡', isPaid: true, fee: 3, days: 10, level: 1 },
    });
    expect(g.Code, g.Message).toBe(0);
    // The paid group may do what members do (pay again, among others).
    await sql(
      `INSERT INTO group_permissions (group_id, permission)
       SELECT $1, permission FROM group_permissions WHERE group_id = 10`,
      [g.Data.id],
    );
    await t.app.forum.groups.changed();
    await setting('site_pay_group_close', '1');
    await clear(dan);
    expect((await pay(dan, { type: OrderType.GROUP, groupId: g.Data.id })).Code).toBe(0);
    expect((await pay(dan, { type: OrderType.GROUP, groupId: g.Data.id })).Code).toBe(0);
    expect((await unread(dan)).accountUnread).toBe(2);
    const [renewed, upgraded] = await notices(dan, 'system');
    expect(upgraded).toMatchObject({
      event: 'group.upgraded',
      amount: '3.00',
      orderType: OrderType.GROUP,
      vars: { groupName: '通知金卡', expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    expect(renewed).toMatchObject({ event: 'group.renewed', vars: { groupName: '通知金卡' } });
    expect(renewed!.content).toContain(renewed!.vars.expiresAt!);
    await sql(`UPDATE group_user SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      dan.userId,
    ]);
    expect(await t.app.paidGroups.expireDue()).toBe(1);
    const [lapsed] = await notices(dan, 'system');
    expect(lapsed).toMatchObject({
      event: 'group.expired',
      sender: null,
      vars: { groupName: '通知金卡', newGroupName: expect.any(String) },
    });
    expect(lapsed!.content).toContain('通知金卡');
  });

  it('joining and renewing a paid site tell the member until when, and the inviter their commission', async () => {
    await clear(ben, cat);
    await setting('site_price', '10');
    await setting('site_expire', '30');
    await setting('site_mode', 'pay');
    try {
      expect((await pay(ben, { type: OrderType.REGISTER })).Code).toBe(0);
      expect((await pay(ben, { type: OrderType.RENEW })).Code).toBe(0);
    } finally {
      // Unpaid members may not read notifications in pay mode (cat has not paid): read them in public mode.
      await setting('site_mode', 'public');
    }
    const told = await notices(ben, 'system');
    expect(told).toEqual([
      expect.objectContaining({ event: 'site.renewal', orderType: OrderType.RENEW, amount: '10.00' }),
      expect.objectContaining({ event: 'site.renewal', orderType: OrderType.REGISTER }),
    ]);
    expect(told[0]!.vars.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(told[0]!.content).toContain(told[0]!.vars.expiresAt!);
    expect(await notices(cat)).toEqual([
      expect.objectContaining({ event: 'commission.income', amount: '3.00', orderType: OrderType.RENEW }),
      expect.objectContaining({ event: 'commission.income', amount: '3.00', orderType: OrderType.REGISTER }),
    ]);
    expect(await notices(ben)).toEqual([]);
  });
});

describe('templates', () => {
  it('every money event has an editable template, and an edit is used by the next notification', async () => {
    const list = await call(t.app, 'GET', '/api/backAdmin/notification/tpl', {
      token: admin.token,
      query: { name: '', typeStatus: '' },
    });
    const byEvent = new Map(
      (list.Data as Array<{ noticeId: string; id: number; vars: object }>).map((r) => [r.noticeId, r]),
    );
    for (const e of ['content.rewarded', 'bounty.shared', 'group.renewed', 'group.expired']) {
      expect(byEvent.has(e), e).toBe(true);
    }
    expect(byEvent.get('content.rewarded')!.vars).toMatchObject({ amount: 'amount', username: 'username' });
    const edit = await call(t.app, 'POST', '/api/backAdmin/notification/tpl/update', {
      token: admin.token,
      body: { id: byEvent.get('content.rewarded')!.id, content: '{username} 赏了 {amount} 元！' },
    });
    expect(edit.Code, edit.Message).toBe(0);
    const threadId = await thread(ann, '模板');
    await clear(ann);
    expect((await pay(dan, { type: OrderType.REWARD, threadId, amount: '1.5' })).Code).toBe(0);
    // The edit reloads this instance's templates at once (one read, long done by the time the tip is paid).
    expect((await notices(ann))[0]?.content).toMatch(/赏了 1\.50 元！$/);
  });
});
