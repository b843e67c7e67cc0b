import { useEffect, useState } from 'react';
import {
  adminUserDetail,
  adminUsersList,
  categoriesDelete,
  categoriesUpdate,
  type CategoryNode,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s, fill } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { CategorySelect } from '../components/category-select.tsx';

/** User ids for usernames (exact, any case); a name that matches nobody is reported and stops the save. */
async function idsOf(names: string[]): Promise<number[] | null> {
  const ids: number[] = [];
  for (const name of names) {
    const page = await run(adminUsersList, { page: 1, perPage: 50, filter: { username: name } });
    const hit = page?.pageData.find((u) => u.username.toLowerCase() === name.toLowerCase());
    if (!hit) {
      toast.error(fill(m.categories.noUser, { name }));
      return null;
    }
    ids.push(hit.id);
  }
  return ids;
}

/**
 * Edits one category's description, icon, home flag and moderators (by username), or deletes it, moving its
 * threads to another category first when it has any (issue 10 §5).
 */
export function CategoryEditor({
  c,
  categories,
  onDone,
}: {
  c: CategoryNode;
  categories: Array<{ id: number; label: string }>;
  onDone: () => Promise<void>;
}) {
  const [description, setDescription] = useState(c.description);
  const [icon, setIcon] = useState(c.icon);
  const [property, setProperty] = useState(c.property === 1);
  const [moderators, setModerators] = useState('');
  const [moveTo, setMoveTo] = useState('');
  useEffect(() => {
    void Promise.all(c.moderators.map((userId) => run(adminUserDetail, { userId }))).then((users) =>
      setModerators(
        users
          .filter((u) => u !== null)
          .map((u) => u.username)
          .join(', '),
      ),
    );
  }, [c.moderators]);
  const save = async () => {
    const names = moderators
      .split(/[,，\s]+/)
      .map((n) => n.trim())
      .filter(Boolean);
    const ids = await idsOf(names);
    if (!ids) return;
    const data = [{ id: c.categoryId, description, icon, property: property ? 1 : 0, moderators: ids }];
    if (await run(categoriesUpdate, { data })) {
      toast.success(s.saved, { duration: 1000 });
      await onDone();
    }
  };
  const remove = async () => {
    if (!window.confirm(s.confirmDelete)) return;
    const input = { ids: [c.categoryId], ...(moveTo ? { moveTo: Number(moveTo) } : {}) };
    if (await run(categoriesDelete, input)) {
      toast.success(s.deleted, { duration: 1000 });
      await onDone();
    }
  };
  return (
    <div className="admin-panel admin-form" data-testid="category-editor">
      <label className="admin-field">
        <span>{m.categories.description}</span>
        <textarea
          name="description"
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label className="admin-field">
        <span>{m.categories.icon}</span>
        <input type="text" name="icon" value={icon} onChange={(e) => setIcon(e.target.value)} />
      </label>
      <label className="admin-field admin-field--bool">
        <span>{s.categories.home}</span>
        <input
          type="checkbox"
          name="property"
          checked={property}
          onChange={(e) => setProperty(e.target.checked)}
        />
      </label>
      <label className="admin-field">
        <span>{m.categories.moderators}</span>
        <input
          type="text"
          name="moderators"
          value={moderators}
          onChange={(e) => setModerators(e.target.value)}
        />
      </label>
      <div className="admin-row">
        <Button kind="primary" size="small" onClick={() => void save()} data-testid="category-save">
          {s.save}
        </Button>
        <span className="admin-tabs__gap" />
        <CategorySelect
          name="moveTo"
          none={m.categories.moveTo}
          categories={categories}
          exclude={[c.categoryId, ...c.children.map((k) => k.categoryId)]}
          value={moveTo}
          onChange={setMoveTo}
        />
        <Button kind="danger" size="small" onClick={() => void remove()} data-testid="category-delete">
          {s.delete}
        </Button>
      </div>
    </div>
  );
}
