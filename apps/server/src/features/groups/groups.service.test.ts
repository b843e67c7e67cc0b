import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { GroupsService } from './groups.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const GUEST = 7;
const REVOKE = `DELETE FROM group_permissions WHERE group_id = ${GUEST} AND permission IN ('viewThreads', 'switch.viewThreads')`;
const GRANT = `INSERT INTO group_permissions (group_id, permission) VALUES (${GUEST}, 'viewThreads'), (${GUEST}, 'switch.viewThreads')`;
const guestsMayView = async () =>
  (await call(t.app, 'GET', '/api/v3/forum')).Data.otherPermissions.canViewThreads as boolean;

// A second GroupsService on the app's database and bus stands for another instance behind the balancer.
describe('group permission cache across instances', () => {
  it('a change announced by one instance reloads the other; the announcer reloads once, not on its echo', async () => {
    const other = new GroupsService(t.app.forum.database.db, t.app.forum.bus);
    await other.start();
    expect(other.permissions(GUEST).has('viewThreads')).toBe(true);
    const appReload = vi.spyOn(t.app.forum.groups, 'reload');
    const otherReload = vi.spyOn(other, 'reload');
    await t.app.forum.database.exec(REVOKE);
    await t.app.forum.groups.changed();
    await vi.waitFor(() => expect(other.permissions(GUEST).has('viewThreads')).toBe(false));
    expect(otherReload).toHaveBeenCalledTimes(1);
    expect(appReload).toHaveBeenCalledTimes(1); // its own reload in changed(), none for its own message
    expect(await guestsMayView()).toBe(false);

    // Restored through the other instance: the app's gate and its guest cache follow.
    await t.app.forum.database.exec(GRANT);
    await other.changed();
    await vi.waitFor(async () => expect(await guestsMayView()).toBe(true));
    expect(appReload).toHaveBeenCalledTimes(2);
    expect(otherReload).toHaveBeenCalledTimes(2);
  });
});
