import type { MoneyContext } from './money.js';

/** Values the scenarios need from the seeded database. */
export interface BenchContext {
  /** Funded payers with open pay sessions and priced threads (the money rows), when prepared. */
  money: MoneyContext | null;
  /** An ordinary seeded thread. */
  threadId: number;
  /** The thread with the big reply count (deep-page check). */
  bigThreadId: number | null;
  bigThreadPages: number;
  /** True when the SSR site is mounted (built web bundles exist). */
  web: boolean;
  /** The viewer overlay a member's home page names (its ids), when the site is mounted. */
  overlayPath: string | null;
  /** The overlay a member's thread page names, when the site is mounted. */
  threadOverlayPath: string | null;
  /** Whether a member's copy of each page carries its overlay inline (else the page asks for it). */
  overlayInline: { home: boolean; thread: boolean };
  /** Sender/recipient pairs of fresh members for private messages (many, so no one dialog is a hot spot). */
  pairs: Array<{ token: string; recipientId: number }>;
}

/** One measured request shape. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Send the logged-in member's token (Bearer for the API, cookie for pages). */
  auth?: boolean;
  /** A page (HTML) rather than an API call: authenticated by cookie. */
  page?: boolean;
  /**
   * Ask without `accept-encoding` (identity). Every other read asks as browsers do (`gzip, deflate, br`), so a
   * row measures what a browser or a CDN gets.
   */
  identity?: boolean;
  /** Body for writes; gets a per-request counter so each write is distinct. */
  body?: (n: number) => unknown;
  /** Sends request n as another member (Bearer token) instead of the one logged-in member. */
  token?: (n: number) => string;
  /** Guest and member rows of one target share a pair name, for the member/guest ratio. */
  pair?: string;
  /**
   * A member row issue 30 holds at 0.8 of its guest row (member views, members' `thread.list`): also measured in
   * turns with that guest row, so machine drift between rows a minute apart does not count.
   */
  turnsWithGuest?: boolean;
  /** A second request after each first one, built from the first's reply (pay the order just created). */
  then?: { path: string; body: (previous: { Data?: { orderSn?: string } }, n: number) => unknown };
  /** A row of whole operations (payments, member views): reported as operations/s too, each this many requests. */
  requestsPerOp?: number;
  /** What one operation is, for the report ('payments', 'views'). */
  opUnit?: string;
  /** Further reads made in turn with the first on each connection (a page, then the overlay it asks for). */
  alsoGet?: string[];
  /**
   * Offer this many requests per second, evenly spaced (`paced.ts`), instead of as many as the connections can
   * make: the latency at a given load rather than at saturation, where it is only queueing.
   */
  rate?: number;
}

/** What every browser (and CDN) sends: reads are measured as they ask, unless a row says `identity`. */
export const BROWSER_ENCODING = 'gzip, deflate, br';

/** A row's request headers: the browser's accept-encoding on reads, the member's cookie or Bearer token. */
export function requestHeaders(s: Scenario, token: string): Record<string, string> {
  return {
    ...(s.method === 'GET' && !s.identity ? { 'accept-encoding': BROWSER_ENCODING } : {}),
    ...(s.auth ? (s.page ? { cookie: `access_token=${token}` } : { authorization: `Bearer ${token}` }) : {}),
  };
}

const q = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/** A guest row and a member row for the same target. */
function both(name: string, path: string, page = false, turnsWithGuest = false): Scenario[] {
  return [
    { name: `${name} (guest)`, method: 'GET', path, page, pair: name },
    {
      name: `${name} (member)`,
      method: 'GET',
      path,
      page,
      auth: true,
      pair: name,
      ...(turnsWithGuest ? { turnsWithGuest } : {}),
    },
  ];
}

/**
 * A member's whole view of a group-shared page: the page and, when the page asks for it, its viewer overlay,
 * one after the other on each connection as a browser does (views/s). Paired with the guest's page.
 */
function memberView(name: string, path: string, overlay: string | null, pair: string): Scenario {
  return {
    name: `member view: ${name} + its overlay (${overlay ? '2 requests' : 'overlay inline'})`,
    method: 'GET',
    path,
    page: true,
    auth: true,
    pair,
    alsoGet: overlay ? [overlay] : [],
    requestsPerOp: overlay ? 2 : 1,
    opUnit: 'views',
    turnsWithGuest: true,
  };
}

/** The scenarios measured against the forum server. */
export function scenarios(ctx: BenchContext): Scenario[] {
  const threadList = `/api/v3/thread.list?${q({ page: 1, perPage: 20, 'filter[sort]': 1 })}`;
  const list: Scenario[] = [
    ...both('GET /api/v3/forum', '/api/v3/forum'),
    ...both('thread.list API', threadList, false, true),
    { name: 'thread.list API (guest, identity)', method: 'GET', path: threadList, identity: true },
    ...both('thread.detail API', `/api/v3/thread.detail?threadId=${ctx.threadId}`),
    // What a thread page with tips asks after it is up: the newest tippers (the money rows' setup tips this
    // thread 100 times; without them the list is empty).
    ...both(
      'thread.likedusers tippers API',
      `/api/v3/thread.likedusers?${q({ threadId: ctx.threadId, type: 3, perPage: 8 })}`,
    ),
  ];
  if (ctx.web) {
    list.push(
      ...both('home page /', '/', true),
      { name: 'home page / (guest, identity)', method: 'GET', path: '/', page: true, identity: true },
      ...both('thread page', `/thread/${ctx.threadId}`, true),
      ...both('topic list page', '/topic', true),
      ...both('search page', `/search?${q({ keyword: '论坛' })}`, true),
      memberView('home page /', '/', ctx.overlayInline.home ? null : ctx.overlayPath, 'home page /'),
      memberView(
        'thread page',
        `/thread/${ctx.threadId}`,
        ctx.overlayInline.thread ? null : ctx.threadOverlayPath,
        'thread page',
      ),
    );
    if (ctx.overlayPath)
      list.push({
        name: 'viewer.overlay of the home page (member)',
        method: 'GET',
        path: ctx.overlayPath,
        auth: true,
      });
    if (ctx.threadOverlayPath)
      list.push({
        name: 'viewer.overlay of the thread page (member)',
        method: 'GET',
        path: ctx.threadOverlayPath,
        auth: true,
      });
  }
  if (ctx.bigThreadId) {
    const base = { 'filter[thread]': ctx.bigThreadId, perPage: 20 };
    list.push(
      {
        name: 'big thread replies, first page',
        method: 'GET',
        path: `/api/v3/posts.list?${q({ ...base, page: 1 })}`,
      },
      {
        name: 'big thread replies, last page',
        method: 'GET',
        path: `/api/v3/posts.list?${q({ ...base, page: ctx.bigThreadPages })}`,
      },
    );
    if (ctx.web) list.push(...both('big thread page', `/thread/${ctx.bigThreadId}`, true));
  }
  const reply = {
    method: 'POST',
    path: '/api/v3/posts.create',
    auth: true,
    body: (n: number) => ({ id: ctx.threadId, content: `<p>压测回复 bench reply ${n}</p>` }),
  } as const;
  // As many as 50 connections make (the capacity), then the latency when 1,000 a second arrive (issue 30).
  list.push({ name: 'posts.create reply (member)', ...reply });
  list.push({
    name: 'posts.create reply, 1,000/s offered (member)',
    ...reply,
    body: (n: number) => ({ id: ctx.threadId, content: `<p>压测回复 bench reply at 1000/s ${n}</p>` }),
    rate: 1000,
  });
  if (ctx.pairs.length) {
    const pair = (n: number) => ctx.pairs[n % ctx.pairs.length]!;
    list.push({
      name: 'dialog.create private message (member)',
      method: 'POST',
      path: '/api/v3/dialog.create',
      auth: true,
      token: (n) => pair(n).token,
      body: (n) => ({ recipientUserId: pair(n).recipientId, messageText: `压测私信 bench message ${n}` }),
    });
  }
  if (ctx.money) list.push(...moneyScenarios(ctx.threadId, ctx.money));
  return list;
}

/**
 * Wallet payments on the payer's pay session: one request each as our clients pay (`order.create` with
 * `walletPay`: payments/s = req/s), and two as the original clients do (`order.create`, then
 * `trade/pay/order`: payments/s = half the req/s). Purchase n is payer n mod P buying priced thread n div P,
 * so no purchase repeats within a run. The priced threads have many authors; the last row tips one author
 * only (every payment then waits for that author's wallet row: the hot-payee case).
 */
/** 0.01 to 0.99 yuan. */
const tipAmount = (n: number) => `0.${String(1 + (n % 99)).padStart(2, '0')}`;

function moneyScenarios(threadId: number, m: MoneyContext): Scenario[] {
  const payer = (n: number) => m.payers[n % m.payers.length]!;
  // Each paid-thread row buys from its own half of the priced threads, so no purchase repeats across rows.
  const half = Math.floor(m.pricedThreadIds.length / 2);
  const priced = (row: 0 | 1, n: number) =>
    m.pricedThreadIds[row * half + (Math.floor(n / m.payers.length) % half)];
  const oneCall = (n: number) => ({ walletPay: { payToken: payer(n).payToken } });
  const pay = {
    path: '/api/v3/trade/pay/order',
    body: (previous: { Data?: { orderSn?: string } }, n: number) => ({
      orderSn: previous.Data?.orderSn ?? '',
      paymentType: 20,
      payToken: payer(n).payToken,
    }),
  };
  const row = (name: string, body: (n: number) => object, twoCalls: boolean): Scenario => ({
    name: twoCalls ? `${name} (create + pay, 2 requests)` : `${name} (one order.create with walletPay)`,
    method: 'POST',
    path: '/api/v3/order.create',
    auth: true,
    token: (n) => payer(n).token,
    body: twoCalls ? body : (n) => ({ ...body(n), ...oneCall(n) }),
    ...(twoCalls ? { then: pay } : {}),
    requestsPerOp: twoCalls ? 2 : 1,
    opUnit: 'payments',
  });
  const tipMany = (n: number) => ({
    type: 2,
    threadId: m.pricedThreadIds[n % m.pricedThreadIds.length],
    amount: tipAmount(n),
  });
  return [
    row('wallet payment: paid thread', (n) => ({ type: 3, threadId: priced(0, n) }), false),
    row('wallet payment: tip', tipMany, false),
    row('wallet payment: paid thread', (n) => ({ type: 3, threadId: priced(1, n) }), true),
    row('wallet payment: tip', tipMany, true),
    row('wallet payment: tip, one payee', (n) => ({ type: 2, threadId, amount: tipAmount(n) }), false),
  ];
}
