import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  adminAvatarDelete,
  adminUsersExamine,
  adminUsersList,
  adminUserUpdate,
  groupsList,
  type AdminGroup,
  type AdminUser,
} from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { mm } from '../i18n-money.ts';
import { UserAnswers } from './user-answers.tsx';
import { UserWallet } from './user-wallet.tsx';
import { PagedTable } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';
import { savedThen } from '../components/saved.ts';
import { fmt } from '../format.ts';

type Filter = { username: string; nickname: string; mobile: string; status: string; groupId: string };
const EMPTY: Filter = { username: '', nickname: '', mobile: '', status: '', groupId: '' };

/** The filter as the call takes it (empty fields left out). */
function filterOf(f: Filter) {
  return {
    ...(f.username ? { username: f.username } : {}),
    ...(f.nickname ? { nickname: f.nickname } : {}),
    ...(f.mobile ? { mobile: f.mobile } : {}),
    ...(f.status ? { status: Number(f.status) } : {}),
    ...(f.groupId ? { groupId: Number(f.groupId) } : {}),
  };
}

/**
 * Users: search, change group, ban and unban, review pending registrations, remove avatars, export (issue 10 §3),
 * and a member's wallet with the release of frozen money.
 */
export function Users() {
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [groups, setGroups] = useState<AdminGroup[]>([]);
  const list = usePagedList(
    useCallback(
      (page: number) => run(adminUsersList, { page, perPage: 20, filter: filterOf(applied) }),
      [applied],
    ),
  );
  useEffect(() => {
    void run(groupsList, {}).then((g) => setGroups(g ?? []));
  }, []);
  const done = savedThen(list.reload);
  const [reviewing, setReviewing] = useState<AdminUser | null>(null);
  const [walletOf, setWalletOf] = useState<AdminUser | null>(null);
  const ban = async (u: AdminUser) => {
    const reason = window.prompt(s.users.banReason) ?? null;
    if (reason === null) return;
    await done(await run(adminUserUpdate, { userId: u.id, status: 1, reason }));
  };
  const examine = async (u: AdminUser, status: 0 | 3 | 4) => {
    const rejectReason = status === 3 ? (window.prompt(s.users.rejectReason) ?? '') : '';
    const res = await run(adminUsersExamine, { data: [{ id: u.id, status, rejectReason }] });
    if (res) setReviewing(null);
    await done(res);
  };
  const columns: Array<ColumnDef<AdminUser, unknown>> = [
    { id: 'id', header: 'ID', cell: ({ row }) => row.original.id },
    {
      id: 'username',
      header: s.users.username,
      cell: ({ row: { original: u } }) => (
        <>
          {u.username}
          {u.nickname && u.nickname !== u.username && <div className="admin-hint">{u.nickname}</div>}
        </>
      ),
    },
    {
      id: 'group',
      header: s.users.group,
      cell: ({ row: { original: u } }) => (
        <select
          aria-label={s.users.group}
          value={u.groupId}
          onChange={(e) =>
            void run(adminUserUpdate, { userId: u.id, groupId: Number(e.target.value) }).then(done)
          }
        >
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'status',
      header: s.users.status,
      cell: ({ row: { original: u } }) => (
        <>
          {s.users.statuses[String(u.status) as keyof typeof s.users.statuses] ?? u.status}
          {u.reason && <div className="admin-hint">{u.reason}</div>}
        </>
      ),
    },
    {
      id: 'joined',
      header: s.users.joined,
      cell: ({ row }) => fmt.date(row.original.joinedAt),
    },
    {
      id: 'actions',
      header: s.actions,
      meta: { className: 'admin-actions' },
      cell: ({ row: { original: u } }) => (
        <>
          {u.status === 2 || u.status === 10 ? (
            <>
              <button type="button" onClick={() => setReviewing(u)} data-testid="user-answers-open">
                {m.answers.view}
              </button>
              <button type="button" onClick={() => void examine(u, 0)} data-testid="user-approve">
                {s.users.approve}
              </button>
              <button type="button" onClick={() => void examine(u, 3)}>
                {s.users.reject}
              </button>
              <button type="button" onClick={() => void examine(u, 4)}>
                {s.review.ignore}
              </button>
            </>
          ) : u.status === 1 ? (
            <button
              type="button"
              onClick={() => void run(adminUserUpdate, { userId: u.id, status: 0 }).then(done)}
            >
              {s.users.unban}
            </button>
          ) : (
            <button type="button" onClick={() => void ban(u)} data-testid="user-ban">
              {s.users.ban}
            </button>
          )}
          <button type="button" onClick={() => setWalletOf(u)} data-testid="user-wallet-open">
            {mm.wallet.open}
          </button>
          {u.avatarUrl && (
            <button type="button" onClick={() => void run(adminAvatarDelete, { userId: u.id }).then(done)}>
              {s.users.removeAvatar}
            </button>
          )}
        </>
      ),
    },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(filter);
    list.setPageNo(1);
  };
  const query = new URLSearchParams(
    Object.entries(filterOf(applied)).map(([k, v]) => [`filter[${k}]`, String(v)]),
  ).toString();
  return (
    <section data-testid="admin-users">
      <h1>{s.menu.users}</h1>
      <form className="admin-row" onSubmit={submit}>
        <input
          name="username"
          placeholder={s.users.username}
          value={filter.username}
          onChange={(e) => setFilter({ ...filter, username: e.target.value })}
        />
        <input
          name="nickname"
          placeholder={s.users.nickname}
          value={filter.nickname}
          onChange={(e) => setFilter({ ...filter, nickname: e.target.value })}
        />
        <input
          name="mobile"
          placeholder={s.users.mobile}
          value={filter.mobile}
          onChange={(e) => setFilter({ ...filter, mobile: e.target.value })}
        />
        <select
          name="status"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value })}
        >
          <option value="">{s.users.anyStatus}</option>
          {Object.entries(s.users.statuses).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        <select
          name="groupId"
          value={filter.groupId}
          onChange={(e) => setFilter({ ...filter, groupId: e.target.value })}
        >
          <option value="">{s.users.anyGroup}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <Button type="submit" data-testid="users-search">
          {s.stopWords.search}
        </Button>
        <a
          className="ui-button ui-button--default"
          href={`/api/backAdmin/export/users${query ? `?${query}` : ''}`}
          download
        >
          {s.stopWords.export}
        </a>
      </form>
      {reviewing && (
        <UserAnswers
          key={reviewing.id}
          user={reviewing}
          onDecide={(status) => void examine(reviewing, status)}
          onClose={() => setReviewing(null)}
        />
      )}
      {walletOf && <UserWallet key={walletOf.id} user={walletOf} onClose={() => setWalletOf(null)} />}
      <PagedTable
        list={list}
        selectable={false}
        columns={columns}
        rowId={(u) => String(u.id)}
        rowTestId="user-row"
      />
    </section>
  );
}
