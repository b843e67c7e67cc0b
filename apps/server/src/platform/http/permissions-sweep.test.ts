import { Code, defineCall, type CallContract } from '@forum/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guestActor, type Actor } from '../auth/actor.js';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { fillInput, operationsOf, requestOf, type Operation } from '../../test/openapi-calls.js';
import { installErrorHandling } from './error-handler.js';
import { buildOpenApi } from './openapi.js';
import { createRouter } from './router.js';

/**
 * The forbidden sweep: every operation of the served OpenAPI document (so calls added later are covered
 * without touching this file) is called as a guest and as a plain member, once with no input and once with
 * a filled-in valid-looking one. Administrators' calls (`/api/backAdmin/*` and the spec's `.v2` names) must
 * answer -4002 to a member and -4002 (or -3001, log in first) to a guest, whatever the input: the gate comes
 * before the input is read. Every other write must answer -3001 to a guest, unless it is in PUBLIC below
 * with the reason it is open. Reads other than the administrators' are not swept: most are public by design.
 */

/** Writes a guest may make, each with why. */
const PUBLIC: Record<string, string> = {
  'POST /api/v3/install': 'the first-run install; refused once the site is installed',
  'POST /api/v3/users/username.register': 'registration',
  'POST /api/v3/users/username.login': 'login',
  'POST /api/v3/users/username.check': 'the registration form checks a name is free',
  'POST /api/v3/users/refresh.token': 'swaps a refresh token, which is the credential',
  'POST /api/v3/users/logout': 'ends the session the caller has, if any',
  'POST /api/v3/users/2fa.login': 'the second login step, with the token the first step gave',
  'POST /api/v3/users/sms.send': 'sends a login or reset code before login',
  'POST /api/v3/users/sms.login': 'phone login',
  'POST /api/v3/users/sms.reset.pwd': 'resets a forgotten password with a text code',
  'POST /api/v3/users/email.verify': 'follows an emailed verification link (the token names the account)',
  'POST /api/v3/users/email.reset.send': 'emails a reset link for a forgotten password',
  'POST /api/v3/users/email.reset.pwd': 'resets a forgotten password with an emailed link',
  'POST /api/v3/users/email.unsubscribe': 'the signed unsubscribe link of a notification email',
  'POST /api/v3/users/wechat/h5.login': 'WeChat login',
  'POST /api/v3/users/wechat/h5.qrcode': 'the phone completes a computer’s QR login',
  'POST /api/v3/users/wechat/h5.register': 'a new WeChat creates its account (pending token)',
  'POST /api/v3/users/wechat/username.bind': 'a new WeChat logs an account in to bind it (pending token)',
  'POST /api/v3/users/wechat/sms.bind': 'a new WeChat binds a phone (pending token)',
  'POST /api/v3/users/oidc/callback': 'OpenID Connect login',
  'POST /api/v3/thread.share': 'counts a share, which guests make too',
  'POST /api/v3/topic.view': 'counts a topic view, which guests make too',
};

/** Whether an operation is one of the administrators' (the reference's admin paths and the spec's names). */
const isAdminCall = (op: Pick<Operation, 'path'>) =>
  op.path.startsWith('/api/backAdmin/') || /\.v2(\/|$)/.test(op.path);

const keyOf = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** The answers an operation must give, or null when it is not swept (a public write, a member's read). */
function expected(op: Operation): { guest: number[]; member?: number[] } | null {
  if (isAdminCall(op)) return { guest: [Code.UNAUTHORIZED, Code.JUMP_TO_LOGIN], member: [Code.UNAUTHORIZED] };
  if (op.method === 'GET' || keyOf(op) in PUBLIC) return null;
  return { guest: [Code.JUMP_TO_LOGIN] };
}

/**
 * Calls every swept operation of `app`'s document as a guest and as `memberToken`'s member, with no input
 * and with a filled one; answers one line per wrong answer (empty when every gate holds).
 */
async function gateProblems(app: FastifyInstance, memberToken: string): Promise<string[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const problems: string[] = [];
  for (const op of operationsOf(doc)) {
    const want = expected(op);
    if (!want) continue;
    const filled = fillInput(op, { thread: 1, post: 1, either: 1 }, 'minimal') ?? {};
    for (const [who, token, allowed] of [
      ['guest', undefined, want.guest],
      ['member', memberToken, want.member],
    ] as const) {
      if (!allowed) continue;
      for (const input of [{}, filled]) {
        const req = requestOf(op, input);
        const r = await call(app, op.method, req.url, { token, body: req.body });
        if (!(allowed as readonly number[]).includes(r.Code)) {
          const given = Object.keys(input).length ? 'filled input' : 'no input';
          problems.push(`${keyOf(op)} as ${who} with ${given}: ${r.Code} ${r.Message}`);
        }
      }
    }
  }
  return problems;
}

describe('the forbidden sweep over every mounted call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('administrators’ calls refuse members and guests, members’ writes refuse guests', async () => {
    const member = await registerUser(t.app);
    expect(await gateProblems(t.app, member.token)).toEqual([]);
  }, 120_000);

  it('the allow-list names only mounted writes that are not administrators’', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const ops = operationsOf(doc);
    const writes = new Set(ops.filter((op) => op.method !== 'GET' && !isAdminCall(op)).map(keyOf));
    expect(Object.keys(PUBLIC).filter((k) => !writes.has(k))).toEqual([]);
    // The sweep reaches the whole document: administrators' calls and members' writes alike.
    expect(ops.filter(isAdminCall).length).toBeGreaterThan(80);
    expect(writes.size - Object.keys(PUBLIC).length).toBeGreaterThan(30);
  });
});

describe('the sweep itself', () => {
  // A router with a few calls and an actor from the token ('member' or none): enough to show that a call
  // mounted without its gate is reported, and one with it is not.
  const guest = guestActor(new Set());
  const member: Actor = { ...guest, userId: 2, isGuest: false, groupId: 10, tokenId: 1, via: 'bearer' };
  const contract = (method: 'GET' | 'POST', path: string): CallContract =>
    defineCall({
      method,
      path,
      summary: 'sweep fixture',
      tags: [],
      input: z.object({ name: z.string().min(1) }),
      output: z.null(),
    });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installErrorHandling(app);
    const contracts: CallContract[] = [];
    const route = createRouter(app, {
      resolveActor: async (req) => (req.headers.authorization ? member : guest),
      guards: [],
      validateResponses: false,
      contracts,
    });
    const done = async () => null;
    route(contract('POST', '/api/backAdmin/gated.create'), { admin: true }, done);
    route(contract('POST', '/api/backAdmin/forgotten.create'), {}, done);
    route(contract('GET', '/api/forgotten.list.v2'), { auth: 'required' }, done);
    route(contract('POST', '/api/v3/mine.create'), { auth: 'required' }, done);
    route(contract('POST', '/api/v3/open.create'), {}, done);
    const doc = buildOpenApi(contracts, 'test');
    app.get('/api/docs/openapi.json', async () => doc);
  });
  afterAll(async () => app?.close());

  it('reports administrators’ calls without the admin gate and members’ writes open to guests', async () => {
    const problems = await gateProblems(app, 'member');
    const named = (key: string) => problems.filter((p) => p.startsWith(key));
    expect(named('POST /api/backAdmin/gated.create')).toEqual([]);
    expect(named('POST /api/v3/mine.create')).toEqual([]);
    expect(named('POST /api/backAdmin/forgotten.create').length).toBe(4);
    // Logging in is not enough: a member reaches it (its input checked first, then it runs).
    expect(named('GET /api/forgotten.list.v2 as member').length).toBe(2);
    expect(named('POST /api/v3/open.create as guest').length).toBe(2);
  });
});
