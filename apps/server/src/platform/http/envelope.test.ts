import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { SECURITY_HEADER_FIELDS } from './security-headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const REGISTER = '/api/v3/users/username.register';

function expectEnvelope(json: Record<string, unknown>) {
  expect(Object.keys(json).sort()).toEqual(['Code', 'Data', 'Message', 'RequestId', 'RequestTime']);
  expect(json.RequestTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
}

describe('envelope and errors', () => {
  it('wraps success with RequestId and RequestTime, echoing the id in a header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/forum' });
    const json = res.json();
    expectEnvelope(json);
    expect(json.Code).toBe(0);
    expect(res.headers['x-request-id']).toBe(json.RequestId);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('every reply carries every security header, errors included, each once (an array would mean twice)', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v3/forum' });
    const bad = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v3/no.such.call' });
    for (const res of [ok, bad, missing]) {
      for (const [name, value] of Object.entries(SECURITY_HEADER_FIELDS))
        expect(res.headers[name]).toBe(value);
    }
  });

  it('malformed JSON is -4001, 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json());
    expect(res.json()).toMatchObject({ Code: -4001, Message: 'malformed JSON body' });
  });

  it('wrong types and missing fields name the first failing field', async () => {
    const wrong = await call(t.app, 'POST', REGISTER, { body: { username: 123, password: 'secret123' } });
    expect(wrong).toMatchObject({ status: 400, Code: -4001 });
    expect(wrong.Message).toMatch(/^username: /);
    const missing = await call(t.app, 'POST', REGISTER, { body: { username: 'abc' } });
    expect(missing.Code).toBe(-4001);
    expect(missing.Message).toMatch(/^password: /);
    const arrayBody = await t.app.inject({ method: 'POST', url: REGISTER, payload: [1, 2] as never });
    expect(arrayBody.json().Code).toBe(-4001);
  });

  it('a 10 MB body is refused with 413 inside the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.json());
    expect(res.json().Code).toBe(-4001);
  });

  it('unknown API paths and methods are -4004', async () => {
    for (const [method, url] of [
      ['GET', '/api/v3/nope'],
      ['POST', '/api/v3/forum'],
      ['GET', '/api/v3/users/username.login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json().Code).toBe(-4004);
    }
  });

  it('tolerates unknown query parameters, trailing slashes and GET with a JSON body', async () => {
    const r1 = await t.app.inject({ method: 'GET', url: '/api/v3/forum?dzqSid=1&dzqPf=pc' });
    expect(r1.json().Code).toBe(0);
    const r2 = await t.app.inject({ method: 'GET', url: '/api/v3/forum/' });
    expect(r2.json().Code).toBe(0);
    const r3 = await t.app.inject({
      method: 'GET',
      url: '/api/v3/forum',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(r3.json().Code).toBe(0);
  });

  it('unsupported content types and odd encodings are client errors, not 500s', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().Code).toBe(-4001);
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v3/user?userId=%E0%A4%A' });
    expect(badUrl.statusCode).toBeLessThan(500);
    const proto = await call(t.app, 'POST', REGISTER, {
      body: JSON.parse('{"__proto__": {"x": 1}, "username": "p1"}'),
    });
    expect(proto.status).toBeLessThan(500);
  });

  it('random garbage bodies never produce a 5xx', async () => {
    const samples: unknown[] = [
      null,
      0,
      'str',
      true,
      {},
      { username: null },
      { username: {} },
      { password: [] },
      { username: '😀'.repeat(20), password: 'x' },
      { username: 'a', password: 'b'.repeat(60) },
      { username: '\u0000', password: '\u0000' },
      { username: Number.POSITIVE_INFINITY, password: -0 },
      { a: { b: { c: { d: { e: { f: 1 } } } } } },
    ];
    for (const url of [
      REGISTER,
      '/api/v3/users/username.login',
      '/api/v3/users/refresh.token',
      '/api/v3/install',
    ]) {
      for (const body of samples) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expectEnvelope(res.json());
      }
    }
  });

  it('serves the OpenAPI document generated from the contracts, to the docs page first too', async () => {
    // The document is built by the first docs request: the page's own JSON (the UI's) may be that request.
    const viaUi = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(viaUi.json().paths['/api/v3/forum'].get).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v3/users/username.register'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/v3/forum'].get).toBeTruthy();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('health and readiness probes answer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
