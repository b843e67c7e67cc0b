/** Values the scenarios need from the seeded database. */
export interface BenchContext {
  /** An ordinary seeded thread. */
  threadId: number;
  /** The thread with the big reply count (deep-page check). */
  bigThreadId: number | null;
  bigThreadPages: number;
  /** True when the SSR site is mounted (built web bundles exist). */
  web: boolean;
}

/** One measured request shape. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Send the logged-in user's token (Bearer for the API, cookie for pages). */
  auth?: boolean;
  /** A page (HTML) rather than an API call: authenticated by cookie, like a browser. */
  page?: boolean;
  /** Body for writes; gets a per-request counter so each write is distinct. */
  body?: (n: number) => unknown;
}

const q = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The scenarios measured against the forum server. */
export function scenarios(ctx: BenchContext): Scenario[] {
  const list: Scenario[] = [
    { name: 'GET /api/v3/forum (guest)', method: 'GET', path: '/api/v3/forum' },
    { name: 'GET /api/v3/forum (logged in)', method: 'GET', path: '/api/v3/forum', auth: true },
    {
      name: 'thread.list API (guest)',
      method: 'GET',
      path: `/api/v3/thread.list?${q({ page: 1, perPage: 20, 'filter[sort]': 1 })}`,
    },
    {
      name: 'thread.list API (logged in)',
      method: 'GET',
      path: `/api/v3/thread.list?${q({ page: 1, perPage: 20, 'filter[sort]': 1 })}`,
      auth: true,
    },
    {
      name: 'thread.detail API (guest)',
      method: 'GET',
      path: `/api/v3/thread.detail?threadId=${ctx.threadId}`,
    },
  ];
  if (ctx.web) {
    list.push(
      { name: 'home page / (guest)', method: 'GET', path: '/', page: true },
      { name: 'home page / (logged in)', method: 'GET', path: '/', page: true, auth: true },
      { name: 'thread page (guest)', method: 'GET', path: `/thread/${ctx.threadId}`, page: true },
      {
        name: 'thread page (logged in)',
        method: 'GET',
        path: `/thread/${ctx.threadId}`,
        page: true,
        auth: true,
      },
    );
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
    if (ctx.web) {
      list.push({
        name: 'big thread page (guest)',
        method: 'GET',
        path: `/thread/${ctx.bigThreadId}`,
        page: true,
      });
    }
  }
  list.push({
    name: 'posts.create reply (logged in)',
    method: 'POST',
    path: '/api/v3/posts.create',
    auth: true,
    body: (n) => ({ id: ctx.threadId, content: `<p>压测回复 bench reply ${n}</p>` }),
  });
  return list;
}
