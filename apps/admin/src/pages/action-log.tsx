import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  ADMIN_ACTION_KINDS,
  adminActionAdmins,
  adminActions,
  groupsList,
  type AdminActionItem,
  type AdminActionKind,
} from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { lg } from '../i18n-log.ts';
import { PagedTable } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';
import { describeAction } from '../components/action-text.ts';
import { fmt } from '../format.ts';

/** The log's filters as the server takes them; empty means any. */
interface Filter {
  userId: string;
  action: '' | AdminActionKind;
  day: string;
}
const NO_FILTER: Filter = { userId: '', action: '', day: '' };

/**
 * Every administrator write (issue 10 §10) as a sentence (who did what to what) with a link to the object,
 * filtered on the server by administrator, kind of action and day, page by page.
 */
export function ActionLog() {
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [admins, setAdmins] = useState<Array<{ userId: number; username: string }>>([]);
  const [groups, setGroups] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    void run(adminActionAdmins, {}).then((a) => a && setAdmins(a));
    void run(groupsList, {}).then((g) => g && setGroups(new Map(g.map((x) => [x.id, x.name]))));
  }, []);
  const list = usePagedList(
    useCallback(
      (page: number) =>
        run(adminActions, {
          page,
          perPage: 50,
          ...(filter.userId ? { userId: Number(filter.userId) } : {}),
          ...(filter.action ? { action: filter.action } : {}),
          ...(filter.day ? { day: filter.day } : {}),
        }),
      [filter],
    ),
  );
  const columns = useMemo<Array<ColumnDef<AdminActionItem, unknown>>>(
    () => [
      {
        id: 'when',
        header: lg.columns.when,
        cell: ({ row }) => fmt.dateTime(row.original.createdAt),
      },
      {
        id: 'what',
        header: lg.columns.what,
        // Wide enough to read as a sentence on a phone; the frame scrolls instead of squeezing it.
        meta: { className: 'admin-wrap admin-log-what' },
        cell: ({ row: { original: a } }) => {
          const { text, href } = describeAction(a, groups);
          return (
            <>
              <span data-testid="log-text">{text}</span>
              {href && (
                <>
                  {' '}
                  <a href={href} data-testid="log-link">
                    {lg.open}
                  </a>
                </>
              )}
            </>
          );
        },
      },
      { id: 'where', header: lg.columns.where, cell: ({ row }) => row.original.ip },
    ],
    [groups],
  );
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
    list.setPageNo(1);
  };
  return (
    <section data-testid="admin-log">
      <h1>{s.menu.log}</h1>
      <form className="admin-row admin-filters" onSubmit={apply} data-testid="log-filter">
        <select
          name="userId"
          aria-label={lg.filters.admin}
          value={draft.userId}
          onChange={(e) => setDraft({ ...draft, userId: e.target.value })}
        >
          <option value="">{lg.filters.anyAdmin}</option>
          {admins.map((a) => (
            <option key={a.userId} value={a.userId}>
              {a.username || `#${a.userId}`}
            </option>
          ))}
        </select>
        <select
          name="action"
          aria-label={lg.filters.action}
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value as Filter['action'] })}
        >
          <option value="">{lg.filters.anyAction}</option>
          {ADMIN_ACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {lg.kinds[k]}
            </option>
          ))}
        </select>
        <input
          type="date"
          name="day"
          aria-label={lg.filters.day}
          value={draft.day}
          onChange={(e) => setDraft({ ...draft, day: e.target.value })}
        />
        <Button type="submit" kind="primary">
          {lg.filters.search}
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTER);
            setFilter(NO_FILTER);
            list.setPageNo(1);
          }}
        >
          {lg.filters.clear}
        </Button>
      </form>
      <PagedTable list={list} selectable={false} columns={columns} rowTestId="log-row" />
    </section>
  );
}
