import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { jobsFailed, jobsRetry, type FailedJob } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { jb } from '../i18n-jobs.ts';
import { DataTable } from '../components/data-table.tsx';

/**
 * Background jobs that used up their retries (the job queue keeps them 7 days): which, why, how often tried,
 * when; a retry button each. Job names are code, shown with their words where the page knows them.
 */
export function Jobs() {
  const [rows, setRows] = useState<FailedJob[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(
    () => void run(jobsFailed, { limit: 100 }).then((r) => setRows(r ? r.list : [])),
    [],
  );
  useEffect(load, [load]);
  const retry = useCallback(
    async (job: FailedJob) => {
      setBusy(job.id);
      const r = await run(jobsRetry, { name: job.name, id: job.id });
      setBusy(null);
      if (r) toast.success(jb.retried, { duration: 1500 });
      load();
    },
    [load],
  );
  const columns = useMemo<Array<ColumnDef<FailedJob, unknown>>>(
    () => [
      {
        id: 'name',
        header: jb.name,
        // The queue's name is code: under its words where the page knows them, else alone.
        cell: ({ row: { original: j } }) =>
          jb.names[j.name] ? (
            <div>
              {jb.names[j.name]}
              <div className="admin-hint" translate="no">
                {j.name}
              </div>
            </div>
          ) : (
            <span translate="no">{j.name}</span>
          ),
      },
      {
        id: 'error',
        header: jb.error,
        // The server's own message: data, not words of the page.
        cell: ({ row }) => (
          <span className="admin-wrap admin-job__error" translate="no">
            {row.original.error}
          </span>
        ),
      },
      { id: 'attempts', header: jb.attempts, cell: ({ row }) => String(row.original.attempts) },
      {
        id: 'failedAt',
        header: jb.failedAt,
        cell: ({ row }) => new Date(row.original.failedAt).toLocaleString(),
      },
      {
        id: 'actions',
        header: jb.actions,
        meta: { className: 'admin-actions' },
        cell: ({ row: { original: j } }) => (
          <Button size="small" data-testid="job-retry" disabled={busy === j.id} onClick={() => void retry(j)}>
            {jb.retry}
          </Button>
        ),
      },
    ],
    [busy, retry],
  );
  return (
    <section data-testid="admin-jobs">
      <h1>{jb.title}</h1>
      <p className="admin-hint">{jb.note}</p>
      <p>
        <Button size="small" data-testid="jobs-reload" onClick={load}>
          {jb.reload}
        </Button>
      </p>
      <DataTable
        rows={rows}
        columns={columns}
        rowId={(j) => j.id}
        rowTestId="job-row"
        empty={<p className="admin-empty">{jb.empty}</p>}
      />
    </section>
  );
}
