import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { adminWalletLogs, fundFilter, type FundItem } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { m } from '../i18n-manage.ts';
import { mm } from '../i18n-money.ts';
import { PagedTable } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';

type FilterIn = z.input<typeof fundFilter>;
type Filter = z.output<typeof fundFilter>;

/** Fund details (reference §5 `fund-details`): every member's wallet log, by member, change type and day. */
export function FundDetails() {
  const [filter, setFilter] = useState<Filter>(fundFilter.parse({}));
  const form = useForm<FilterIn, unknown, Filter>({
    resolver: zodResolver(fundFilter),
    defaultValues: { username: '', changeType: 0, createdAtBegin: '', createdAtEnd: '' },
  });
  const list = usePagedList(
    useCallback((page: number) => run(adminWalletLogs, { ...filter, page, perPage: 20 }), [filter]),
  );
  const columns = useMemo<Array<ColumnDef<FundItem, unknown>>>(
    () => [
      { id: 'user', header: mm.funds.user, cell: ({ row }) => row.original.username },
      { id: 'account', header: mm.funds.account, cell: ({ row }) => mm.funds.accounts[row.original.account] },
      {
        id: 'amount',
        header: mm.funds.amount,
        meta: { className: 'admin-money' },
        cell: ({ row }) => row.original.amount,
      },
      {
        id: 'type',
        header: mm.funds.changeType,
        cell: ({ row: { original: e } }) =>
          `${mm.funds.changeTypes[String(e.changeType)] ?? ''} (${e.changeType})`,
      },
      { id: 'memo', header: mm.funds.memo, cell: ({ row }) => row.original.memo },
      {
        id: 'time',
        header: mm.funds.time,
        cell: ({ row }) => new Date(row.original.createdAt).toLocaleString(),
      },
    ],
    [],
  );
  const { errors } = form.formState;
  return (
    <section data-testid="admin-funds">
      <h1>{mm.menu.funds}</h1>
      <form
        className="admin-row"
        data-testid="funds-filter"
        onSubmit={form.handleSubmit((f) => {
          setFilter(f);
          list.setPageNo(1);
        })}
      >
        <input {...form.register('username')} placeholder={mm.funds.user} aria-label={mm.funds.user} />
        <select {...form.register('changeType')} aria-label={mm.funds.changeType}>
          <option value="0">{mm.funds.changeTypeAll}</option>
          {Object.entries(mm.funds.changeTypes).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        <input type="date" {...form.register('createdAtBegin')} aria-label={m.filter.from} />
        <input type="date" {...form.register('createdAtEnd')} aria-label={m.filter.to} />
        <Button type="submit">{m.filter.search}</Button>
        {Object.entries(errors).map(([k, e]) => (
          <span key={k} className="admin-error" role="alert">
            {k}: {e?.message}
          </span>
        ))}
      </form>
      <PagedTable
        list={list}
        selectable={false}
        columns={columns}
        rowId={(r) => String(r.id)}
        rowTestId="fund-row"
      />
    </section>
  );
}
