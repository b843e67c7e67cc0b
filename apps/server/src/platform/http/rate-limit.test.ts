import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';

// Runs on the in-process store, or on Redis when REDIS_URL is set (then two instances share the counters).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { enabled: true, windowMs: 60_000, read: 5, write: 3, auth: 2 } });
});
afterAll(async () => t?.close());

describe('rate limits', () => {
  it('limits each route class per IP and answers 429 in the envelope', async () => {
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const get = () => t.app.inject({ method: 'GET', url: '/api/v3/forum', remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await get()).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
    const last = (await get()).json();
    expect(last.Code).toBe(-4029);
    expect(last.Data.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is unaffected.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v3/forum',
          remoteAddress: `10.255.${Math.floor(Math.random() * 250)}.1`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('auth calls have their own, tighter budget', async () => {
    // Random addresses: with REDIS_URL the counters outlive one run.
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/users/username.login',
        remoteAddress: ip,
        payload: { username: 'nobody', password: 'x' },
      });
    expect((await login()).json().Code).toBe(-7062);
    expect((await login()).json().Code).toBe(-7062);
    expect((await login()).statusCode).toBe(429);
    // Reads from the same address still pass.
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/forum', remoteAddress: ip })).statusCode).toBe(
      200,
    );
  });

  it('health probes are not limited', async () => {
    for (let i = 0; i < 8; i++)
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/docs/openapi.json')).status).toBe(200);
  });
});
