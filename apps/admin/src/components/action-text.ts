import type { AdminActionItem } from '@forum/contracts';
import { fill, s } from '../i18n.ts';
import { lg } from '../i18n-log.ts';
import { fmt } from '../format.ts';

/** A logged action in words, and where its object is (an admin page or the public page), when it has one. */
export interface ActionText {
  text: string;
  href?: string;
}

type Input = Record<string, unknown>;

/** Ids of a logged input: an `ids` or `id` list, a comma string, or one number. */
function idsOf(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number).filter((n) => Number.isFinite(n));
  if (typeof v === 'number') return [v];
  if (typeof v === 'string')
    return v
      .split(',')
      .map(Number)
      .filter((n) => Number.isFinite(n) && n > 0);
  return [];
}

/** How many things an input names (ids, data rows, words). */
function countOf(i: Input): number {
  for (const k of ['ids', 'id', 'data', 'words'] as const) {
    const v = i[k];
    if (Array.isArray(v)) return v.length;
    if (k !== 'data' && v !== undefined) return idsOf(v).length;
  }
  return 0;
}

/** The admin page that holds a setting key (the settings forms' split). */
function settingsPage(key: string): string {
  if (/^(cash_)/.test(key)) return '/admin/cash-settings';
  if (/^(wxpay_|site_charge|site_pay_group|site_author_scale|site_master_scale|pay_)/.test(key))
    return '/admin/pay-settings';
  if (/^(support_)/.test(key)) return '/admin/attachments';
  if (/^(site_create_thread|open_view_count|thread_tab)/.test(key)) return '/admin/functions';
  if (/^(register_type|qcloud_|offiaccount_|oidc_|wechat_|captcha_|two_factor)/.test(key))
    return '/admin/login-methods';
  if (/^(register|password_|open_ext_fields|thread_post_interval|privacy)/.test(key))
    return '/admin/register';
  return '/admin/site';
}

const list = (xs: string[]) => xs.join(lg.list);
const quoted = (names: string[]) => list(names.map((name) => fill(lg.quote, { name })));

/**
 * One log row as a sentence: who did what to what (per kind), with the object's page. `groups` names the
 * groups by id (the log keeps ids).
 */
export function describeAction(a: AdminActionItem, groups: Map<number, string>): ActionText {
  const i = (a.input ?? {}) as Input;
  const who = a.username || `#${a.userId}`;
  const ids = idsOf(i.ids ?? i.id);
  const groupName = (id: unknown) => groups.get(Number(id)) ?? `#${String(id)}`;
  const say = (vars: Record<string, string | number>) =>
    a.action ? fill(lg.say[a.action], { who, ...vars }) : fill(lg.other, { who });
  const rows = Array.isArray(i.data) ? (i.data as Input[]) : [];
  switch (a.action) {
    case 'settings.update': {
      const first = typeof rows[0]?.key === 'string' ? rows[0].key : '';
      return { text: say({ n: rows.length }), href: settingsPage(first) };
    }
    case 'picture.set':
    case 'picture.delete': {
      const type = String(i.type ?? 'logo') as keyof typeof lg.pictures;
      return { text: say({ picture: lg.pictures[type] ?? lg.pictures.logo }), href: '/admin/site' };
    }
    case 'group.create':
      return { text: say({ name: String(i.name ?? '') }), href: '/admin/groups' };
    case 'group.update':
      return {
        text: say({ names: quoted(rows.map((r) => String(r.name ?? groupName(r.id)))) }),
        href: '/admin/groups',
      };
    case 'group.delete':
      return { text: say({ names: list(ids.map((id) => `#${id}`)) }), href: '/admin/groups' };
    case 'permission.update':
      return {
        text: say({
          group: groupName(i.groupId),
          n: Array.isArray(i.permissions) ? i.permissions.length : 0,
        }),
        href: '/admin/groups',
      };
    case 'signinField.create':
      return { text: say({ name: String(i.name ?? '') }), href: '/admin/signin-fields' };
    case 'signinField.update':
      return { text: say({ id: String(i.id ?? '') }), href: '/admin/signin-fields' };
    case 'stopWords.import':
    case 'stopWords.delete':
      return { text: say({ n: countOf(i) }), href: '/admin/stop-words' };
    case 'template.update':
      return { text: say({ id: String(i.id ?? '') }), href: '/admin/templates' };
    case 'category.create':
    case 'category.update':
      return {
        text: say({ names: quoted(rows.map((r) => String(r.name ?? `#${String(r.id)}`))) }),
        href: rows.length === 1 && rows[0]?.id ? `/category/${String(rows[0].id)}` : '/admin/categories',
      };
    case 'category.delete':
      return { text: say({ names: list(ids.map((id) => `#${id}`)) }), href: '/admin/categories' };
    case 'threads.batch': {
      const t = lg.threads;
      const flag = (v: unknown, on: string, off: string) => (v === undefined ? [] : [v ? on : off]);
      const changes = [
        ...flag(i.isSticky, t.sticky, t.unsticky),
        ...flag(i.isEssence, t.essence, t.unessence),
        ...flag(i.isSite, t.site, t.unsite),
        ...flag(i.isDeleted, t.deleted, t.restored),
        ...(i.categoryId ? [fill(t.moved, { id: String(i.categoryId) })] : []),
      ];
      return {
        text: say({ n: ids.length, changes: changes.length ? list(changes) : t.none }),
        href: ids.length === 1 ? `/thread/${ids[0]}` : '/admin/content',
      };
    }
    case 'review.submit':
    case 'review.purge': {
      const kind = i.kind === 'post' ? 'post' : 'thread';
      const verb = lg.review.verbs[(i.action as keyof typeof lg.review.verbs) ?? 'pass'] ?? '';
      return {
        text: say({ verb, n: ids.length, kind: lg.review.kinds[kind] }),
        href: kind === 'thread' && ids.length === 1 ? `/thread/${ids[0]}` : '/admin/review',
      };
    }
    case 'topics.update':
    case 'topics.delete':
      return {
        text: say({ n: ids.length, verb: i.recommended ? lg.topics.recommend : lg.topics.unrecommend }),
        href: ids.length === 1 && a.action === 'topics.update' ? `/topic/${ids[0]}` : '/admin/topics',
      };
    case 'reports.handle':
    case 'reports.delete':
      return { text: say({ n: ids.length }), href: '/admin/reports' };
    case 'user.update': {
      const changes = [
        ...(i.groupId !== undefined ? [fill(lg.user.group, { group: groupName(i.groupId) })] : []),
        ...(i.status !== undefined
          ? [
              fill(lg.user.status, {
                status: (s.users.statuses as Record<string, string>)[String(i.status)] ?? String(i.status),
              }),
            ]
          : []),
      ];
      return {
        text: say({ id: String(i.userId), changes: list(changes) }),
        href: `/user/${String(i.userId)}`,
      };
    }
    case 'users.examine':
      return { text: say({ n: countOf(i) }), href: '/admin/users' };
    case 'user.avatarDelete':
      return { text: say({ id: String(i.userId) }), href: `/user/${String(i.userId)}` };
    case 'wallet.update': {
      const w = lg.wallet;
      const amount = fmt.money(String(i.amount ?? ''));
      const changes = [
        ...(i.operate === 1
          ? [fill(w.credit, { amount })]
          : i.operate === 2
            ? [fill(w.debit, { amount })]
            : []),
        ...(i.walletStatus === undefined ? [] : [Number(i.walletStatus) === 1 ? w.frozen : w.allowed]),
      ];
      return {
        text: say({ id: String(i.userId), changes: list(changes) }),
        href: `/user/${String(i.userId)}`,
      };
    }
    case 'wallet.unfreeze':
      return {
        text: say({ id: String(i.userId), amount: fmt.money(String(i.amount ?? '')) }),
        href: `/user/${String(i.userId)}`,
      };
    case 'cash.review':
      return {
        text: say({ id: String(i.id), status: lg.cash[String(i.cashStatus)] ?? String(i.cashStatus) }),
        href: '/admin/withdrawals',
      };
    case 'invite.revoke':
      return { text: say({ id: String(i.id) }), href: '/admin/invites' };
    case 'plugin.operate':
    case 'plugin.settings':
    case 'plugin.permission':
    case 'plugin.upload':
      return {
        text: say({
          name: String(i.name ?? ''),
          verb: lg.plugin[String(i.operate)] ?? '',
          group: groupName(i.groupId),
        }),
        href: '/admin/plugins',
      };
    default:
      return { text: fill(lg.other, { who }) };
  }
}
