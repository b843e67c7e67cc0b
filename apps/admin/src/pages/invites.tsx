import { useCallback, useEffect, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  adminInviteCreate,
  adminInviteList,
  adminInviteRevoke,
  groupsList,
  InviteStatus,
  type AdminGroup,
  type AdminInviteItem,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { inv } from '../i18n-invites.ts';
import { PagedTable } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';
import { fmt } from '../format.ts';

/** Groups a link may not lead to (the server refuses them too): administrators, unpaid, guests. */
const NO_INVITE = new Set([1, 6, 7]);

/** Administrators' invite links to a group (reference §1.10): create, list by status, revoke. */
export function Invites() {
  const [groups, setGroups] = useState<AdminGroup[]>([]);
  const [groupId, setGroupId] = useState(0);
  const [status, setStatus] = useState<number | undefined>(undefined);
  useEffect(() => {
    void run(groupsList, {}).then((g) => {
      const usable = (g ?? []).filter((x) => !NO_INVITE.has(x.id));
      setGroups(usable);
      setGroupId(usable[0]?.id ?? 0);
    });
  }, []);
  const list = usePagedList(
    useCallback(
      (page: number) =>
        run(adminInviteList, { page, perPage: 20, ...(status !== undefined ? { status } : {}) }),
      [status],
    ),
  );
  const create = async () => {
    if (groupId && (await run(adminInviteCreate, { groupId }))) {
      toast.success(inv.created, { duration: 1000 });
      await list.reload();
    }
  };
  const revoke = async (id: number) => {
    if (await run(adminInviteRevoke, { id })) {
      toast.success(inv.revoked, { duration: 1000 });
      await list.reload();
    }
  };
  const columns: Array<ColumnDef<AdminInviteItem, unknown>> = [
    { id: 'group', header: inv.group, cell: ({ row }) => row.original.groupName },
    {
      id: 'link',
      header: inv.link,
      meta: { className: 'admin-wrap' },
      cell: ({ row }) => <code>{`${location.origin}/user/register?inviteCode=${row.original.code}`}</code>,
    },
    { id: 'status', header: inv.status, cell: ({ row }) => inv.statuses[row.original.status] ?? '' },
    { id: 'user', header: inv.user, cell: ({ row }) => row.original.toUserId ?? '' },
    {
      id: 'created',
      header: inv.createdAt,
      cell: ({ row }) => fmt.dateTime(row.original.createdAt),
    },
    {
      id: 'expires',
      header: inv.expiresAt,
      cell: ({ row }) => fmt.dateTime(row.original.expiresAt),
    },
    {
      id: 'revoke',
      header: '',
      cell: ({ row }) =>
        row.original.status === InviteStatus.UNUSED && (
          <Button size="small" kind="danger" onClick={() => void revoke(row.original.id)}>
            {inv.revoke}
          </Button>
        ),
    },
  ];
  return (
    <section data-testid="admin-invites">
      <h1>{inv.menu}</h1>
      <p className="admin-hint">{inv.lead}</p>
      <div className="admin-row">
        <label>
          {inv.group}{' '}
          <select value={groupId} onChange={(e) => setGroupId(Number(e.target.value))} name="groupId">
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <Button kind="primary" onClick={() => void create()} disabled={!groupId}>
          {inv.create}
        </Button>
        <select
          value={status ?? ''}
          onChange={(e) => setStatus(e.target.value === '' ? undefined : Number(e.target.value))}
          name="status"
        >
          <option value="">{inv.all}</option>
          {inv.statuses.map((label, i) => (
            <option key={label} value={i}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <PagedTable
        list={list}
        selectable={false}
        columns={columns}
        rowId={(i) => String(i.id)}
        rowTestId="invite-row"
      />
    </section>
  );
}
