import { useCallback } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { adminActions, type CallOutput } from '@forum/contracts';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { PagedTable } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';

type Action = CallOutput<typeof adminActions>['pageData'][number];

const columns: Array<ColumnDef<Action, unknown>> = [
  { id: 'when', header: s.log.when, cell: ({ row }) => new Date(row.original.createdAt).toLocaleString() },
  { id: 'who', header: s.log.who, cell: ({ row }) => row.original.username },
  {
    id: 'what',
    header: s.log.what,
    meta: { className: 'admin-wrap' },
    cell: ({ row: { original: a } }) => (
      <>
        <code>{a.path}</code>
        <div className="admin-hint">{JSON.stringify(a.input).slice(0, 200)}</div>
      </>
    ),
  },
  { id: 'where', header: s.log.where, cell: ({ row }) => row.original.ip },
];

/** Every administrator write: who, which call, with what, from where, when (issue 10 §10), page by page. */
export function ActionLog() {
  const list = usePagedList(useCallback((page: number) => run(adminActions, { page, perPage: 50 }), []));
  return (
    <section data-testid="admin-log">
      <h1>{s.menu.log}</h1>
      <PagedTable
        list={list}
        selectable={false}
        columns={columns}
        rowId={(a) => String(a.id)}
        rowTestId="log-row"
      />
    </section>
  );
}
