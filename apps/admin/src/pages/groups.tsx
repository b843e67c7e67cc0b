import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { groupCreate, groupsBatchDelete, groupsList, type AdminGroup } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { DataTable } from '../components/data-table.tsx';
import { GroupFieldsEditor } from './group-editor.tsx';
import { PermissionEditor } from './permission-editor.tsx';
import { fmt } from '../format.ts';

/** Groups: list, create, delete, and each one's permissions (issue 10 §4). */
export function Groups() {
  const [groups, setGroups] = useState<AdminGroup[] | null>(null);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<AdminGroup | null>(null);
  const [fields, setFields] = useState<AdminGroup | null>(null);
  const load = useCallback(async () => setGroups((await run(groupsList, {})) ?? []), []);
  useEffect(() => {
    void load();
  }, [load]);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    const g = await run(groupCreate, { name: name.trim() });
    if (g) {
      setName('');
      await load();
      setEditing(g);
    }
  };
  const remove = async (g: AdminGroup) => {
    if (!window.confirm(s.confirmDelete)) return;
    if (await run(groupsBatchDelete, { ids: String(g.id) })) {
      toast.success(s.deleted, { duration: 1000 });
      await load();
    }
  };
  const columns: Array<ColumnDef<AdminGroup, unknown>> = [
    { id: 'id', header: s.groups.id, cell: ({ row }) => row.original.id },
    {
      id: 'name',
      header: s.groups.name,
      cell: ({ row: { original: g } }) => (
        <>
          {g.name} {g.isPreset && <span className="admin-tag">{s.groups.preset}</span>}
        </>
      ),
    },
    { id: 'members', header: s.groups.members, cell: ({ row }) => fmt.number(row.original.userCount) },
    { id: 'default', header: s.groups.default, cell: ({ row }) => (row.original.isDefault ? s.yes : '') },
    {
      id: 'paid',
      header: s.groups.paid,
      cell: ({ row: { original: g } }) =>
        g.isPaid ? `${fmt.money(g.fee, true)} / ${fmt.number(g.days)}` : '',
    },
    {
      id: 'actions',
      header: s.actions,
      meta: { className: 'admin-actions' },
      cell: ({ row: { original: g } }) => (
        <>
          {g.id !== 1 && (
            <button type="button" onClick={() => setEditing(g)} data-testid="group-permissions">
              {s.groups.permissions}
            </button>
          )}
          <button type="button" onClick={() => setFields(g)} data-testid="group-edit">
            {s.edit}
          </button>
          {!g.isPreset && (
            <button type="button" onClick={() => void remove(g)}>
              {s.delete}
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <section data-testid="admin-groups">
      <h1>{s.menu.groups}</h1>
      <form className="admin-row" onSubmit={(e) => void create(e)}>
        <input
          name="groupName"
          placeholder={s.groups.newName}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button kind="primary" type="submit" data-testid="group-create">
          {s.create}
        </Button>
      </form>
      {editing && <PermissionEditor group={editing} onClose={() => setEditing(null)} />}
      {fields && (
        <GroupFieldsEditor
          key={fields.id}
          group={fields}
          onClose={(saved) => {
            setFields(null);
            if (saved) void load();
          }}
        />
      )}
      <DataTable rows={groups} columns={columns} rowId={(g) => String(g.id)} rowTestId="group-row" />
    </section>
  );
}
