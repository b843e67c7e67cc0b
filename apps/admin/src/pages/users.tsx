import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  adminAvatarDelete,
  adminUsersExamine,
  adminUsersList,
  adminUserUpdate,
  groupsList,
  type AdminGroup,
  type AdminUser,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';

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

/** Users: search, change group, ban and unban, review pending registrations, remove avatars, export (issue 10 §3). */
export function Users() {
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [groups, setGroups] = useState<AdminGroup[]>([]);
  const load = useCallback(async (f: Filter) => {
    const page = await run(adminUsersList, { page: 1, perPage: 50, filter: filterOf(f) });
    setUsers(page?.pageData ?? []);
  }, []);
  useEffect(() => {
    void load(EMPTY);
    void run(groupsList, {}).then((g) => setGroups(g ?? []));
  }, [load]);
  const done = async () => {
    toast.success(s.saved, { duration: 1000 });
    await load(filter);
  };
  const ban = async (u: AdminUser) => {
    const reason = window.prompt(s.users.banReason) ?? null;
    if (reason === null) return;
    if (await run(adminUserUpdate, { userId: u.id, status: 1, reason })) await done();
  };
  const examine = async (u: AdminUser, status: 0 | 3 | 4) => {
    const rejectReason = status === 3 ? (window.prompt(s.users.rejectReason) ?? '') : '';
    if (await run(adminUsersExamine, { data: [{ id: u.id, status, rejectReason }] })) await done();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(filter);
  };
  const query = new URLSearchParams(
    Object.entries(filterOf(filter)).map(([k, v]) => [`filter[${k}]`, String(v)]),
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
      {!users ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>ID</th>
                <th>{s.users.username}</th>
                <th>{s.users.group}</th>
                <th>{s.users.status}</th>
                <th>{s.users.joined}</th>
                <th>{s.actions}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id} data-testid="user-row" data-user-id={u.id}>
                  <td>{u.id}</td>
                  <td>
                    {u.username}
                    {u.nickname && u.nickname !== u.username && (
                      <div className="admin-hint">{u.nickname}</div>
                    )}
                  </td>
                  <td>
                    <select
                      aria-label={s.users.group}
                      value={u.groupId}
                      onChange={(e) =>
                        void run(adminUserUpdate, { userId: u.id, groupId: Number(e.target.value) }).then(
                          (r) => r && done(),
                        )
                      }
                    >
                      {groups.map((g) => (
                        <option key={g.id} value={g.id}>
                          {g.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {s.users.statuses[String(u.status) as keyof typeof s.users.statuses] ?? u.status}
                    {u.reason && <div className="admin-hint">{u.reason}</div>}
                  </td>
                  <td>{new Date(u.joinedAt).toLocaleDateString()}</td>
                  <td className="admin-actions">
                    {u.status === 2 || u.status === 10 ? (
                      <>
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
                        onClick={() =>
                          void run(adminUserUpdate, { userId: u.id, status: 0 }).then((r) => r && done())
                        }
                      >
                        {s.users.unban}
                      </button>
                    ) : (
                      <button type="button" onClick={() => void ban(u)} data-testid="user-ban">
                        {s.users.ban}
                      </button>
                    )}
                    {u.avatarUrl && (
                      <button
                        type="button"
                        onClick={() => void run(adminAvatarDelete, { userId: u.id }).then((r) => r && done())}
                      >
                        {s.users.removeAvatar}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
