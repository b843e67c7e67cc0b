import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// The payment settings the admin page edits (issue 12): the split rule, WeChat Pay's secrets masked, who may.
let t: TestApp;
let admin: string;
let member: string;
const APIV3 = 'a'.repeat(32);

beforeAll(async () => {
  t = await startTestApp();
  admin = (await adminUser(t.app)).token;
  member = (await registerUser(t.app)).token;
}, 60_000);
afterAll(async () => t?.close());

type Item = { key: string; value: string; tag: string };
const save = (token: string | undefined, data: Item[]) =>
  call(t.app, 'POST', '/api/backAdmin/settings.create', { token, body: { data } });
const split = (author: string, master: string): Item[] => [
  { key: 'site_author_scale', value: author, tag: 'default' },
  { key: 'site_master_scale', value: master, tag: 'default' },
];
const listed = async (key: string) =>
  ((await call(t.app, 'GET', '/api/backAdmin/settings', { token: admin })).Data as Item[]).find(
    (r) => r.key === key,
  );

describe('payment settings', () => {
  it('the split adds up to 10 tenths or is off (both 0)', async () => {
    const bad = await save(admin, split('6', '3'));
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('site_author_scale');
    expect((await save(admin, split('7', '3'))).Code).toBe(0);
    expect((await save(admin, split('0', '0'))).Code).toBe(0);
    expect(t.app.forum.settings.get('site_master_scale')).toBe('0');
  });

  it('only administrators change them', async () => {
    const on = [{ key: 'pay_sandbox_open', value: '1', tag: 'default' }];
    expect((await save(member, on)).Code).toBe(-4002);
    expect((await save(undefined, on)).Code).toBe(-4002);
    expect(t.app.forum.settings.get('pay_sandbox_open')).toBe('0');
    expect((await save(admin, on)).Code).toBe(0);
    expect(t.app.forum.settings.get('pay_sandbox_open')).toBe('1');
  });

  it('WeChat Pay secrets read masked and the mask saved back keeps them', async () => {
    expect((await listed('wxpay_apiv3_secret'))?.tag).toBe('wxpay');
    expect((await save(admin, [{ key: 'wxpay_apiv3_secret', value: APIV3, tag: 'wxpay' }])).Code).toBe(0);
    expect((await listed('wxpay_apiv3_secret'))?.value).toBe('******');
    const back = await save(admin, [
      { key: 'wxpay_apiv3_secret', value: '******', tag: 'wxpay' },
      { key: 'wxpay_mchid', value: '1900000109', tag: 'wxpay' },
    ]);
    expect(back.Code).toBe(0);
    expect(t.app.forum.settings.get('wxpay_apiv3_secret', 'wxpay')).toBe(APIV3);
    expect(t.app.forum.settings.get('wxpay_mchid', 'wxpay')).toBe('1900000109');
    expect((await save(admin, [{ key: 'wxpay_apiv3_secret', value: 'short', tag: 'wxpay' }])).Code).toBe(
      -4001,
    );
  });
});
