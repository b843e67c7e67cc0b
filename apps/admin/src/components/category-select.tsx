import { useEffect, useState } from 'react';
import { categoriesList, type CategoryNode } from '@forum/contracts';
import { run } from '../api.ts';

/** Categories as a flat list, children indented under their parent (for selects). */
export function flattenCategories(tree: CategoryNode[]): Array<{ id: number; label: string }> {
  return tree.flatMap((c) => [
    { id: c.pid, label: c.name },
    ...c.children.map((k) => ({ id: k.pid, label: `— ${k.name}` })),
  ]);
}

/** The category tree, loaded once per page. */
export function useCategories(): Array<{ id: number; label: string }> {
  const [list, setList] = useState<Array<{ id: number; label: string }>>([]);
  useEffect(() => {
    void run(categoriesList, {}).then((tree) => tree && setList(flattenCategories(tree)));
  }, []);
  return list;
}

/** A category select; `none` labels the empty choice (left out when there is none). */
export function CategorySelect({
  name,
  value,
  onChange,
  none,
  categories,
  exclude,
}: {
  name: string;
  value: string;
  onChange: (v: string) => void;
  none?: string;
  categories: Array<{ id: number; label: string }>;
  exclude?: number[];
}) {
  return (
    <select name={name} aria-label={none ?? name} value={value} onChange={(e) => onChange(e.target.value)}>
      {none !== undefined && <option value="">{none}</option>}
      {categories
        .filter((c) => !exclude?.includes(c.id))
        .map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
    </select>
  );
}
