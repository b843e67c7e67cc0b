import { useEffect, useState } from 'react';
import {
  categoriesList,
  groupResource,
  permissionUpdate,
  PERMISSIONS,
  type AdminGroup,
  type CategoryNode,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import {
  GROUP_OF,
  PERMISSION_GROUPS,
  permissionGroupNames,
  permissionNames,
  type PermissionGroup,
} from '../i18n-perms.ts';

/** Groups whose permissions may also be granted per category (the original's per-category columns). */
const SCOPED_TABS = new Set<PermissionGroup>(['posting', 'viewing', 'moderation']);

/**
 * A group's permissions: each one globally, and on the posting, viewing and moderation tabs per category as
 * well (`category{id}.{permission}`); switch grants are kept as they are.
 */
export function PermissionEditor({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const [granted, setGranted] = useState<Set<string> | null>(null);
  const [kept, setKept] = useState<string[]>([]);
  const [categories, setCategories] = useState<CategoryNode[]>([]);
  const [tab, setTab] = useState<PermissionGroup>('posting');
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
        {PERMISSION_GROUPS.map((k) => (
          <button
            key={k}
            type="button"
            className={k === tab ? 'is-active' : undefined}
            onClick={() => setTab(k)}
          >
            {permissionGroupNames[k]}
          </button>
        ))}
      </div>
      <div className="admin-scroll" data-testid="table-frame">
        <table className="admin-table admin-table--perms">
          <thead>
            <tr>
              <th>{s.groups.permission}</th>
              <th>{s.groups.global}</th>
              {scoped.map((c) => (
                <th key={c.categoryId}>{c.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSIONS.filter((p) => GROUP_OF[p] === tab).map((p) => {
              const [name, allows] = permissionNames[p];
              return (
                <tr key={p} data-testid="permission-row">
                  <th>
                    <span className="admin-perm__name">{name}</span>
                    <span className="admin-hint">{allows}</span>
                  </th>
                  <td>
                    <input
                      type="checkbox"
                      name={p}
                      aria-label={name}
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
                          aria-label={`${c.name} · ${name}`}
                          checked={granted.has(key)}
                          onChange={(e) => toggle(key, e.target.checked)}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
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
