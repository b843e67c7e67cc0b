import { useCallback, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { reportsBatch, reportsDelete, reportsList, type ReportItem } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s, fill } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { PagedTable, selectedIds } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';
import { TabButtons } from '../components/tab-buttons.tsx';
import { savedThen } from '../components/saved.ts';
import { fmt } from '../format.ts';

/** Where a report points on the public site. */
function targetOf(r: ReportItem): string {
  if (r.type === 0) return `/user/${r.reported.userId}`;
  return r.type === 2 ? `/thread/${r.threadId}?postId=${r.postId}` : `/thread/${r.threadId}`;
}

/** Reports (issue 10 §6): open and handled, with what was reported; mark handled, reopen, delete. */
export function Reports() {
  const [status, setStatus] = useState<0 | 1>(0);
  const list = usePagedList(
    useCallback((page: number) => run(reportsList, { status, page, perPage: 20 }), [status]),
  );
  const ids = selectedIds(list.selection);
  const done = savedThen(list.reload);
  const columns = useMemo<Array<ColumnDef<ReportItem, unknown>>>(
    () => [
      {
        id: 'type',
        header: m.reports.type,
        cell: ({ row }) => m.reports.types[String(row.original.type) as '0' | '1' | '2'],
      },
      {
        id: 'target',
        header: m.reports.target,
        cell: ({ row: { original: r } }) => (
          <div className="admin-wrap">
            <a href={targetOf(r)} target="_blank" rel="noreferrer">
              {r.type === 0 ? r.reported.nickname : r.excerpt || `#${r.threadId}`}
            </a>
            {r.type !== 0 && <div className="admin-hint">{r.reported.nickname}</div>}
          </div>
        ),
      },
      { id: 'reason', header: m.reports.reason, cell: ({ row }) => row.original.reason },
      { id: 'reporter', header: m.reports.reporter, cell: ({ row }) => row.original.reporter.nickname },
      {
        id: 'time',
        header: m.reports.time,
        cell: ({ row }) => fmt.dateTime(row.original.createdAt),
      },
    ],
    [],
  );
  return (
    <section data-testid="admin-reports">
      <h1>{m.menu.reports}</h1>
      <div className="admin-tabs">
        <TabButtons
          options={[0, 1] as const}
          value={status}
          onChange={(v) => {
            setStatus(v);
            list.setPageNo(1);
          }}
          label={(v) => m.reports.views[v === 0 ? 'open' : 'handled']}
        />
      </div>
      {ids.length > 0 && (
        <div className="admin-batch" data-testid="reports-batch">
          <strong>{fill(m.table.selected, { n: ids.length })}</strong>
          <Button
            size="small"
            data-testid="reports-handle"
            onClick={() => void run(reportsBatch, { ids, status: status === 0 ? 1 : 0 }).then(done)}
          >
            {status === 0 ? m.reports.handle : m.reports.reopen}
          </Button>
          <Button
            kind="danger"
            size="small"
            onClick={() => {
              if (window.confirm(s.confirmDelete)) void run(reportsDelete, { ids }).then(done);
            }}
          >
            {s.delete}
          </Button>
        </div>
      )}
      <PagedTable list={list} columns={columns} rowId={(r) => String(r.id)} rowTestId="report-row" />
    </section>
  );
}
