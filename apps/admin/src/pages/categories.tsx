import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { categoriesCreate, categoriesList, categoriesUpdate, type CategoryNode } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { flattenCategories } from '../components/category-select.tsx';
import { CategoryEditor } from './category-editor.tsx';
import { fmt } from '../format.ts';

/** One row: name and order edited in place and saved; "edit" opens the rest (moderators, delete and move). */
function Row({
  c,
  depth,
  onDone,
  open,
  onOpen,
}: {
  c: CategoryNode;
  depth: number;
  onDone: () => Promise<void>;
  open: boolean;
  onOpen: () => void;
}) {
  const [name, setName] = useState(c.name);
  const [sort, setSort] = useState(String(c.sort));
  const save = async () => {
    if (
      await run(categoriesUpdate, {
        data: [{ id: c.categoryId, name: name.trim(), sort: Number(sort) || 0 }],
      })
    ) {
      toast.success(s.saved, { duration: 1000 });
      await onDone();
    }
  };
  return (
    <tr data-testid="category-row" data-category-id={c.categoryId}>
      <td style={{ paddingLeft: 12 + depth * 24 }}>
        <input aria-label={s.categories.name} value={name} onChange={(e) => setName(e.target.value)} />
      </td>
      <td>
        <input
          aria-label={s.fields.sort}
          type="number"
          value={sort}
          onChange={(e) => setSort(e.target.value)}
        />
      </td>
      <td>{fmt.number(c.threadCount)}</td>
      <td className="admin-actions">
        <button type="button" onClick={() => void save()}>
          {s.save}
        </button>
        <button type="button" onClick={onOpen} data-testid="category-edit" aria-expanded={open}>
          {s.edit}
        </button>
      </td>
    </tr>
  );
}

/** Categories: the tree with create (top level or under a parent), rename, order and delete (issue 10 §5). */
export function Categories() {
  const [tree, setTree] = useState<CategoryNode[] | null>(null);
  const [draft, setDraft] = useState({ name: '', parentid: 0 });
  const load = useCallback(async () => setTree((await run(categoriesList, {})) ?? []), []);
  useEffect(() => {
    void load();
  }, [load]);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.name.trim()) return;
    if (await run(categoriesCreate, { data: [{ name: draft.name.trim(), parentid: draft.parentid }] })) {
      setDraft({ name: '', parentid: 0 });
      await load();
    }
  };
  const [open, setOpen] = useState<number | null>(null);
  const flat = flattenCategories(tree ?? []);
  const done = async () => {
    setOpen(null);
    await load();
  };
  const row = (c: CategoryNode, depth: number) => [
    <Row
      key={c.categoryId}
      c={c}
      depth={depth}
      onDone={load}
      open={open === c.categoryId}
      onOpen={() => setOpen(open === c.categoryId ? null : c.categoryId)}
    />,
    open === c.categoryId && (
      <tr key={`${c.categoryId}-editor`}>
        <td colSpan={4}>
          <CategoryEditor c={c} categories={flat} onDone={done} />
        </td>
      </tr>
    ),
  ];
  const rows = (tree ?? []).flatMap((c) => [...row(c, 0), ...c.children.flatMap((k) => row(k, 1))]);
  return (
    <section data-testid="admin-categories">
      <h1>{s.menu.categories}</h1>
      <form className="admin-row" onSubmit={(e) => void create(e)}>
        <input
          name="categoryName"
          placeholder={s.categories.name}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <select
          name="parentid"
          value={draft.parentid}
          onChange={(e) => setDraft({ ...draft, parentid: Number(e.target.value) })}
        >
          <option value={0}>{s.categories.topLevel}</option>
          {(tree ?? []).map((c) => (
            <option key={c.categoryId} value={c.categoryId}>
              {c.name}
            </option>
          ))}
        </select>
        <Button kind="primary" type="submit" data-testid="category-create">
          {s.create}
        </Button>
      </form>
      {!tree ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <div className="admin-scroll" data-testid="table-frame">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{s.categories.name}</th>
                <th>{s.fields.sort}</th>
                <th>{s.categories.threads}</th>
                <th>{s.actions}</th>
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
