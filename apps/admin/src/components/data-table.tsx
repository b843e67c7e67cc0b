import { useMemo, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
} from '@tanstack/react-table';
import { s, fill } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { fmt } from '../format.ts';

/** A page of rows as the admin calls answer it. */
export interface PageOf<T> {
  pageData: T[];
  currentPage: number;
  totalPage: number;
  totalCount: number;
}

/** A column's cell class (`meta: { className }`), e.g. `admin-actions` for a row's buttons. */
const classOf = (def: { meta?: unknown }) => (def.meta as { className?: string } | undefined)?.className;

/** Props of the shared admin table. */
export interface DataTableProps<T> {
  /** Null while loading. */
  rows: T[] | null;
  columns: Array<ColumnDef<T, unknown>>;
  rowId: (row: T) => string;
  /** Row selection (checkbox column) for batch actions; leave out for a plain table. */
  selection?: RowSelectionState;
  onSelectionChange?: (next: RowSelectionState) => void;
  rowTestId?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/**
 * Every admin list: loading and empty states, a scrolling box (phones scroll the table, not the page) and,
 * when asked, a checkbox column driving batch actions. TanStack Table keeps the columns and selection.
 */
export function DataTable<T>({
  rows,
  columns,
  rowId,
  selection,
  onSelectionChange,
  rowTestId,
  empty,
}: DataTableProps<T>) {
  const selectable = selection !== undefined;
  const allColumns = useMemo<Array<ColumnDef<T, unknown>>>(
    () =>
      selectable
        ? [
            {
              id: '_select',
              header: ({ table }) => (
                <input
                  type="checkbox"
                  aria-label={m.table.selectAll}
                  checked={table.getIsAllRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  aria-label={m.table.selectRow}
                  data-testid="row-select"
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            },
            ...columns,
          ]
        : columns,
    [columns, selectable],
  );
  const table = useReactTable({
    data: rows ?? [],
    columns: allColumns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: selectable,
    state: { rowSelection: selection ?? {} },
    onRowSelectionChange: (updater) => {
      const current = selection ?? {};
      onSelectionChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
  });
  if (!rows) return <p className="admin-empty">{s.loading}</p>;
  if (!rows.length) return <p className="admin-empty">{empty ?? m.table.empty}</p>;
  return (
    <div className="admin-scroll" data-testid="table-frame">
      <table className={selectable ? 'admin-table admin-table--select' : 'admin-table'}>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th key={h.id} className={h.column.id === '_select' ? 'admin-table__check' : undefined}>
                  {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr
              key={r.id}
              data-testid={rowTestId}
              data-id={r.id}
              className={r.getIsSelected() ? 'is-selected' : undefined}
            >
              {r.getVisibleCells().map((c) => (
                <td key={c.id} className={classOf(c.column.columnDef)}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next with the page count; hidden when everything fits on one page. */
export function Pager({ page, onPage }: { page: PageOf<unknown> | null; onPage: (n: number) => void }) {
  if (!page || page.totalPage <= 1) return null;
  return (
    <div className="admin-pager">
      <button type="button" disabled={page.currentPage <= 1} onClick={() => onPage(page.currentPage - 1)}>
        {m.table.prev}
      </button>
      <span>
        {fill(m.table.page, {
          page: fmt.number(page.currentPage),
          total: fmt.number(page.totalPage),
          count: fmt.number(page.totalCount),
        })}
      </span>
      <button
        type="button"
        disabled={page.currentPage >= page.totalPage}
        onClick={() => onPage(page.currentPage + 1)}
      >
        {m.table.next}
      </button>
    </div>
  );
}

/** Ids of the selected rows. */
export function selectedIds(selection: RowSelectionState): number[] {
  return Object.entries(selection)
    .filter(([, on]) => on)
    .map(([id]) => Number(id));
}

/** How a paged table keys its rows: rows with an `id` are keyed by it unless `rowId` says otherwise. */
type RowKey<T> = T extends { id: number | string }
  ? { rowId?: (row: T) => string }
  : { rowId: (row: T) => string };

/** The row's own `id`, for rows that have one (`RowKey` lets `rowId` be left out only then). */
const idOf = (row: unknown) => String((row as { id: number | string }).id);

/** A paged list's table with its pager and row selection (what `usePagedList` returns). */
export function PagedTable<T>({
  list,
  selectable = true,
  rowId,
  ...props
}: Omit<DataTableProps<T>, 'rows' | 'selection' | 'onSelectionChange' | 'rowId'> &
  RowKey<T> & {
    /** False for a read-only list (no checkbox column). */
    selectable?: boolean;
    list: {
      page: PageOf<T> | null;
      setPageNo: (n: number) => void;
      selection: RowSelectionState;
      setSelection: (s: RowSelectionState) => void;
    };
  }) {
  return (
    <>
      <DataTable
        {...props}
        rowId={rowId ?? idOf}
        rows={list.page?.pageData ?? null}
        selection={selectable ? list.selection : undefined}
        onSelectionChange={list.setSelection}
      />
      <Pager page={list.page} onPage={list.setPageNo} />
    </>
  );
}
