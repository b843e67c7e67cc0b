import type { Member } from './members.js';

/** Who pays in the money rows: a member's login, their open pay session, and what they may buy. */
export interface Payer {
  token: string;
  payToken: string;
}

/** The money rows' fixtures: payers with funded wallets and open pay sessions, and priced threads to buy. */
export interface MoneyContext {
  payers: Payer[];
  /**
   * Opens every payer's pay session anew (one tip paid by pay password each). A session lasts five minutes
   * (PAY_SESSION_MS) and the money rows come ten minutes of rows after the fixtures: each row opens them first.
   */
  openPaySessions(): Promise<void>;
  /** Priced threads, spread over many authors (each payer buys each at most once). */
  pricedThreadIds: number[];
}

const PAY_PASSWORD = '246810';
/** Priced threads: payers × threads / 2 (two paid-thread rows) must exceed the purchases one row makes. */
const PRICED_THREADS = 600;

type Reply = {
  Code: number;
  Message: string;
  Data: Record<string, unknown> & { orderSn?: string; threadId?: number; payToken?: string };
};

function poster(base: string) {
  return async (p: string, token: string, body: object): Promise<Reply> => {
    const r = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as Reply;
    if (j.Code !== 0) throw new Error(`${p} failed: ${j.Code} ${j.Message}`);
    return j;
  };
}

/**
 * Funds up to 100 members (an administrator's credit) and sets their pay passwords; up to 50 other members write
 * the priced threads, so payments spread over many payees as on a real site (one payee for all would queue every
 * payment on that payee's wallet row). The measured payments send a pay session's token, as a member paying
 * several times in a few minutes does: `openPaySessions` opens them, right before each money row.
 */
export async function prepareMoney(
  base: string,
  adminToken: string,
  author: { token: string; threadId: number },
  members: Member[],
): Promise<MoneyContext> {
  const post = poster(base);
  // The priced threads are written in one go: no posting interval for the bench (the site's default is 30 s).
  await post('/api/backAdmin/settings.create', adminToken, {
    data: [{ key: 'thread_post_interval', value: '0', tag: 'default' }],
  });
  const authors = members.length > 100 ? members.slice(100, 150).map((m) => m.token) : [author.token];
  const pricedThreadIds: number[] = [];
  for (let i = 0; i < PRICED_THREADS; i++) {
    const r = await post('/api/v3/thread.create', authors[i % authors.length]!, {
      categoryId: 1,
      title: `付费压测 ${i}`,
      content: { text: '<p>付费内容 bench paid content</p>' },
      price: 1,
    });
    pricedThreadIds.push(Number(r.Data.threadId));
  }
  const payers: Payer[] = await Promise.all(
    members.slice(0, 100).map(async (m, i) => {
      await post('/api/backAdmin/update.user.wallet', adminToken, {
        userId: m.userId,
        operate: 1,
        amount: '1000000',
        idempotencyKey: `bench-fund-${i}-${m.userId}`,
      });
      await post('/api/v3/users/pay-password.update', m.token, {
        payPassword: PAY_PASSWORD,
        payPasswordConfirmation: PAY_PASSWORD,
      });
      return { token: m.token, payToken: '' };
    }),
  );
  const openPaySessions = async () => {
    await Promise.all(
      payers.map(async (payer) => {
        const order = await post('/api/v3/order.create', payer.token, {
          type: 2,
          threadId: author.threadId,
          amount: '0.01',
        });
        const paid = await post('/api/v3/trade/pay/order', payer.token, {
          orderSn: String(order.Data.orderSn),
          paymentType: 20,
          payPassword: PAY_PASSWORD,
        });
        payer.payToken = String(paid.Data.payToken);
      }),
    );
  };
  return { payers, openPaySessions, pricedThreadIds };
}
