import type { CategoryNode } from '@forum/contracts';
import type { CategoryRow } from './categories.repository.js';

function node(r: CategoryRow, postable: ReadonlySet<number>, children: CategoryNode[]): CategoryNode {
  return {
    pid: r.id,
    categoryId: r.id,
    name: r.name,
    description: r.description,
    icon: r.icon,
    sort: r.sort,
    property: r.property,
    threadCount: r.threadCount,
    parentid: r.parentId,
    moderators: r.moderators ? r.moderators.split(',').map(Number) : [],
    canCreateThread: postable.has(r.id),
    canEditThread: postable.has(r.id),
    searchIds: [r.id, ...children.map((c) => c.pid)],
    children,
  };
}

/** Builds the two-level tree from the rows the actor may see; a child whose parent is hidden moves to the top. */
export function presentCategoryTree(rows: CategoryRow[], postable: ReadonlySet<number>): CategoryNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const top = rows.filter((r) => r.parentId === 0 || !ids.has(r.parentId));
  return top.map((t) =>
    node(
      t,
      postable,
      rows.filter((c) => c.parentId === t.id && c.id !== t.id).map((c) => node(c, postable, [])),
    ),
  );
}
