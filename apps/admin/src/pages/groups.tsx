import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  categoriesList,
  groupCreate,
  groupsBatchUpdate,
  groupResource,
  groupsBatchDelete,
  groupsList,
  permissionUpdate,
  PERMISSIONS,
  type AdminGroup,
  type CategoryNode,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';

/** The permission editor's tabs (the original's: posting, viewing, moderation, other). */
const TABS: Record<keyof typeof s.groups.tabs, (p: string) => boolean> = {
  posting: (p) =>
    p === 'createThread' ||
    p === 'thread.reply' ||
    p.startsWith('thread.insert') ||
    p === 'thread.allowAnonymous',
  viewing: (p) =>
    p === 'viewThreads' ||
    p.startsWith('thread.view') ||
    p === 'thread.freeViewPosts' ||
    p === 'thread.downloadAttachment',
  moderation: (p) =>
    [
      'thread.essence',
      'thread.sticky',
      'thread.edit',
      'thread.hide',
      'thread.hidePosts',
      'thread.editOwnThreadOrPost',
      'thread.hideOwnThreadOrPost',
    ].includes(p),
  other: () => true,
};

function tabOf(p: string): keyof typeof TABS {
  for (const k of ['posting', 'viewing', 'moderation'] as const) if (TABS[k](p)) return k;
  return 'other';
}

/** Tabs whose permissions may also be granted per category (the original's per-category columns). */
const SCOPED_TABS = new Set<keyof typeof TABS>(['posting', 'viewing', 'moderation']);

/**
 * A group's permissions: each one globally, and on the posting, viewing and moderation tabs per category as
 * well (`category{id}.{permission}`); switch grants are kept as they are.
 */
function PermissionEditor({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const [granted, setGranted] = useState<Set<string> | null>(null);
  const [kept, setKept] = useState<string[]>([]);
  const [categories, setCategories] = useState<CategoryNode[]>([]);
  const [tab, setTab] = useState<keyof typeof TABS>('posting');
  useEffect(() => {
    void run(groupResource, { id: group.id, include: 'permission' }).then((g) => {
      const all = g?.permissions ?? [];
      const editable = (p: string) =>
        (PERMISSIONS as readonly string[]).includes(p.replace(/^category\d+\./, ''));
      setGranted(new Set(all.filter(editable)));
      setKept(all.filter((p) => !editable(p)));
    });
    void run(categoriesList, {}).then((tree) =>
      setCategories((tree ?? []).flatMap((c) => [c, ...c.children])),
    );
  }, [group.id]);
  if (!granted) return <p className="admin-empty">{s.loading}</p>;
  const toggle = (p: string, on: boolean) => {
    const next = new Set(granted);
    if (on) next.add(p);
    else next.delete(p);
    setGranted(next);
  };
  const save = async () => {
    const res = await run(permissionUpdate, { groupId: group.id, permissions: [...granted, ...kept] });
    if (res) {
      toast.success(s.saved, { duration: 1000 });
      onClose();
    }
  };
  const scoped = SCOPED_TABS.has(tab) ? categories : [];
  return (
    <div className="admin-panel" data-testid="permission-editor">
      <h2>
        {group.name} · {s.groups.permissions}
      </h2>
      <div className="admin-tabs">
        {(Object.keys(TABS) as Array<keyof typeof TABS>).map((k) => (
          <button
            key={k}
            type="button"
            className={k === tab ? 'is-active' : undefined}
            onClick={() => setTab(k)}
          >
            {s.groups.tabs[k]}
          </button>
        ))}
      </div>
      <div className="admin-scroll">
        <table className="admin-table admin-table--perms">
          <thead>
            <tr>
              <th />
              <th>{s.groups.global}</th>
              {scoped.map((c) => (
                <th key={c.categoryId}>{c.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.filter((p) => tabOf(p) === tab).map((p) => (
              <tr key={p}>
                <th>
                  <code>{p}</code>
                </th>
                <td>
                  <input
                    type="checkbox"
                    name={p}
                    aria-label={p}
                    checked={granted.has(p)}
                    onChange={(e) => toggle(p, e.target.checked)}
                  />
                </td>
                {scoped.map((c) => {
                  const key = `category${c.categoryId}.${p}`;
                  return (
                    <td key={c.categoryId}>
                      <input
                        type="checkbox"
                        name={key}
                        aria-label={`${c.name} ${p}`}
                        checked={granted.has(key)}
                        onChange={(e) => toggle(key, e.target.checked)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-row">
        <Button kind="primary" onClick={() => void save()} data-testid="permissions-save">
          {s.groups.savePermissions}
        </Button>
        <Button onClick={onClose}>{s.cancel}</Button>
      </div>
    </div>
  );
}

/** A group's own fields: name, colour, display, and the paid-group terms (fee in yuan, days, commission). */
function GroupFieldsEditor({ group, onClose }: { group: AdminGroup; onClose: (saved: boolean) => void }) {
  const [g, setG] = useState(group);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const res = await run(groupsBatchUpdate, {
      data: [
        {
          id: g.id,
          name: g.name.trim(),
          color: g.color,
          isDisplay: g.isDisplay,
          ...(g.id === 1 || g.id === 6 || g.id === 7
            ? {}
            : { isPaid: g.isPaid, fee: Number(g.fee) || 0, days: Number(g.days) || 0 }),
          scale: Number(g.scale) || 0,
        },
      ],
    });
    if (res) {
      toast.success(s.saved, { duration: 1000 });
      onClose(true);
    }
  };
  const canPay = g.id !== 1 && g.id !== 6 && g.id !== 7;
  return (
    <form className="admin-panel admin-form" onSubmit={(e) => void save(e)} data-testid="group-editor">
      <h2>{g.name}</h2>
      <label className="admin-field">
        <span>{s.groups.name}</span>
        <input name="name" value={g.name} onChange={(e) => setG({ ...g, name: e.target.value })} />
      </label>
      <label className="admin-field">
        <span>{s.groups.color}</span>
        <input name="color" value={g.color} onChange={(e) => setG({ ...g, color: e.target.value })} />
      </label>
      <label className="admin-field admin-field--bool">
        <span>{s.groups.display}</span>
        <input
          type="checkbox"
          name="isDisplay"
          checked={g.isDisplay}
          onChange={(e) => setG({ ...g, isDisplay: e.target.checked })}
        />
      </label>
      {canPay && (
        <>
          <label className="admin-field admin-field--bool">
            <span>{s.groups.paid}</span>
            <input
              type="checkbox"
              name="isPaid"
              checked={g.isPaid}
              onChange={(e) => setG({ ...g, isPaid: e.target.checked })}
            />
          </label>
          <label className="admin-field">
            <span>{s.groups.fee}</span>
            <input
              type="number"
              name="fee"
              min={0}
              step={0.01}
              value={g.fee}
              onChange={(e) => setG({ ...g, fee: Number(e.target.value) })}
            />
          </label>
          <label className="admin-field">
            <span>{s.groups.days}</span>
            <input
              type="number"
              name="days"
              min={0}
              value={g.days}
              onChange={(e) => setG({ ...g, days: Number(e.target.value) })}
            />
          </label>
        </>
      )}
      <label className="admin-field">
        <span>{s.groups.scale}</span>
        <input
          type="number"
          name="scale"
          min={0}
          max={10}
          value={g.scale}
          onChange={(e) => setG({ ...g, scale: Number(e.target.value) })}
        />
      </label>
      <div className="admin-row">
        <Button kind="primary" type="submit" data-testid="group-save">
          {s.save}
        </Button>
        <Button onClick={() => onClose(false)}>{s.cancel}</Button>
      </div>
    </form>
  );
}

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
      {!groups ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{s.groups.id}</th>
                <th>{s.groups.name}</th>
                <th>{s.groups.members}</th>
                <th>{s.groups.default}</th>
                <th>{s.groups.paid}</th>
                <th>{s.actions}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.id} data-testid="group-row" data-group-id={g.id}>
                  <td>{g.id}</td>
                  <td>
                    {g.name} {g.isPreset && <span className="admin-tag">{s.groups.preset}</span>}
                  </td>
                  <td>{g.userCount}</td>
                  <td>{g.isDefault ? s.yes : ''}</td>
                  <td>{g.isPaid ? `¥${g.fee} / ${g.days}` : ''}</td>
                  <td className="admin-actions">
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
