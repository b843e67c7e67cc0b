import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { SettingsService } from './settings.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const siteName = async () => (await call(t.app, 'GET', '/api/v3/forum')).Data.setSite.siteName as string;

// A second SettingsService on the app's database and bus stands for another instance behind the balancer.
describe('settings cache across instances', () => {
  it('a write on one instance reaches the other; the writer does not reload on its own message', async () => {
    const other = new SettingsService(t.app.forum.database.db, t.app.forum.bus);
    await other.start();
    const appReload = vi.spyOn(t.app.forum.settings, 'reload');
    const otherReload = vi.spyOn(other, 'reload');

    await t.app.forum.settings.set([{ key: 'site_name', tag: 'default', value: '第一实例' }]);
    await vi.waitFor(() => expect(other.get('site_name')).toBe('第一实例'));
    expect(otherReload).toHaveBeenCalledTimes(1);
    expect(appReload).not.toHaveBeenCalled();

    // The other way round, seen through the API: the app reloads and its guest cache lets the new name out.
    expect(await siteName()).toBe('第一实例');
    await other.set([{ key: 'site_name', tag: 'default', value: '第二实例' }]);
    await vi.waitFor(async () => expect(await siteName()).toBe('第二实例'));
    expect(appReload).toHaveBeenCalledTimes(1);
    expect(otherReload).toHaveBeenCalledTimes(1);
  });
});

describe('signing keys made on first use', () => {
  it('many first uses at once, on two instances, all get the one key the database kept', async () => {
    const other = new SettingsService(t.app.forum.database.db, t.app.forum.bus);
    await other.start();
    const keys = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t.app.forum.settings).secret('probe_secret')),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\w-]{43}$/);
    await t.app.forum.settings.reload();
    expect(t.app.forum.settings.get('probe_secret')).toBe(keys[0]);
  });
});
