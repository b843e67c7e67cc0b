import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/db.js';
import { categories } from '../categories/categories.table.js';
import { groupPermissions, groups, groupUser } from '../groups/groups.table.js';
import { users } from '../users/users.table.js';
import { linkStep } from './link-step.js';
import { allocIds, fen, bool, date, int, str, type Step } from './runner.js';

/** Our built-in groups keep the original's ids (1 admin, 6 unpaid, 7 guest, 8 trial, 10 member). */
const SYSTEM_GROUPS = new Set([1, 6, 7, 8, 10]);

export const categoriesStep: Step = {
  table: 'categories',
  async write({ tx }, rows) {
    const ids = await allocIds(tx, 'categories', rows.length);
    const local = new Map(rows.map((r, i) => [int(r.id), ids[i]!]));
    await tx.insert(categories).values(
      rows.map((r, i) => ({
        id: ids[i]!,
        name: str(r.name).slice(0, 100),
        description: str(r.description),
        icon: str(r.icon),
        sort: int(r.sort),
        property: int(r.property),
        // Parents come first in id order on every site we know; an unknown parent makes it top level.
        parentId: local.get(int(r.parentid)) ?? 0,
        threadCount: int(r.thread_count),
        createdAt: date(r.created_at) ?? new Date(),
      })),
    );
    return rows.map((r, i) => [int(r.id), ids[i]!]);
  },
};

export const groupsStep: Step = {
  table: 'groups',
  async write({ tx }, rows) {
    const pairs: Array<[number, number]> = [];
    const fresh = rows.filter((r) => !SYSTEM_GROUPS.has(int(r.id)));
    for (const r of rows) if (SYSTEM_GROUPS.has(int(r.id))) pairs.push([int(r.id), int(r.id)]);
    const ids = await allocIds(tx, 'groups', fresh.length);
    if (fresh.length > 0)
      await tx.insert(groups).values(
        fresh.map((r, i) => ({
          id: ids[i]!,
          name: str(r.name).slice(0, 50),
          type: str(r.type).slice(0, 50),
          color: str(r.color).slice(0, 20),
          icon: str(r.icon),
          isDefault: bool(r.default),
          isDisplay: bool(r.is_display),
          isPaid: bool(r.is_paid),
          fee: Number(fen(r.fee)),
          days: int(r.days),
          level: int(r.level),
          scale: Math.round(Number(r.scale ?? 0)),
          isSubordinate: bool(r.is_subordinate),
          isCommission: bool(r.is_commission),
          description: str(r.description).slice(0, 100),
          notice: str(r.notice).slice(0, 400),
          timeRange: int(r.time_range),
          contentRange: int(r.content_range),
        })),
      );
    fresh.forEach((r, i) => pairs.push([int(r.id), ids[i]!]));
    return pairs;
  },
};

/** Permission strings name categories by id (`category3.thread.reply`): those ids are ours after the import. */
export const groupPermissionsStep: Step = {
  table: 'group_permission',
  keys: ['group_id', 'permission'],
  needs: ['groups', 'categories'],
  async write({ tx, maps, skip }, rows) {
    const values = [];
    for (const r of rows) {
      const groupId = maps.get('groups', r.group_id);
      let permission = str(r.permission);
      const m = /^category(\d+)\.(.*)$/.exec(permission);
      const categoryId = m ? maps.get('categories', m[1]) : -1;
      if (!groupId) skip('group not imported');
      else if (categoryId === 0) skip('category not imported');
      else {
        if (m) permission = `category${categoryId}.${m[2]}`;
        values.push({ groupId, permission: permission.slice(0, 100) });
      }
    }
    if (values.length === 0) return 0;
    const done = await tx.insert(groupPermissions).values(values).onConflictDoNothing().returning();
    return done.length;
  },
};

export const usersStep: Step = {
  table: 'users',
  async write({ tx, note }, rows) {
    // Names and phones must stay unique: a taken one is renamed (name) or left unbound (phone).
    const taken = await rowsOf<{ u: string; m: string }>(
      tx,
      sql`SELECT lower(username) AS u, mobile AS m FROM users
          WHERE lower(username) IN (${sql.join(
            rows.map((r) => sql`${str(r.username).toLowerCase()}`),
            sql`, `,
          )}) OR mobile IN (${sql.join(
            rows.map((r) => sql`${str(r.mobile) || '-'}`),
            sql`, `,
          )})`,
    );
    const names = new Set(taken.map((t) => t.u));
    const mobiles = new Set(taken.map((t) => t.m));
    const ids = await allocIds(tx, 'users', rows.length);
    const values = rows.map((r, i) => {
      let username = str(r.username);
      if (names.has(username.toLowerCase())) {
        username = `${username}_dzq${int(r.id)}`;
        note('username taken here: renamed to NAME_dzqID');
      }
      names.add(username.toLowerCase());
      let mobile = str(r.mobile);
      if (mobile && mobiles.has(mobile)) {
        mobile = '';
        note('phone already bound here: left unbound');
      }
      if (mobile) mobiles.add(mobile);
      return {
        id: ids[i]!,
        username,
        nickname: str(r.nickname) || username,
        // The original's bcrypt hash: accepted at login and re-hashed to argon2id then.
        passwordHash: str(r.password),
        payPasswordHash: str(r.pay_password),
        mobile,
        avatar: str(r.avatar),
        background: str(r.background),
        signature: str(r.signature).slice(0, 200),
        status: int(r.status),
        rejectReason: str(r.reject_reason),
        registerReason: str(r.register_reason),
        registerIp: str(r.register_ip).slice(0, 64),
        lastLoginIp: str(r.last_login_ip).slice(0, 64),
        loginAt: date(r.login_at),
        joinedAt: date(r.joined_at) ?? date(r.created_at) ?? new Date(),
        expiredAt: date(r.expired_at),
        threadCount: int(r.thread_count),
        followCount: int(r.follow_count),
        fansCount: int(r.fans_count),
        likedCount: int(r.liked_count),
        bindType: int(r.bind_type),
        usernameBout: int(r.username_bout),
        createdAt: date(r.created_at) ?? new Date(),
        updatedAt: date(r.updated_at) ?? new Date(),
      };
    });
    await tx.insert(users).values(values);
    return rows.map((r, i) => [int(r.id), ids[i]!]);
  },
};

/** One group per user here: the first membership wins. */
export const groupUserStep = linkStep({
  table: 'group_user',
  sides: [
    { column: 'user_id', from: 'users', missing: 'user not imported' },
    { column: 'group_id', from: 'groups', missing: 'group not imported' },
  ],
  target: groupUser,
  row: (userId, groupId, r) => ({ userId, groupId, expiresAt: date(r.expiration_time) }),
});
