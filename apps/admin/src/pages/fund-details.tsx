import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { adminWalletLogs, fundFilter, type FundItem } from '@forum/contracts';
import { run } from '../api.ts';
import { mm } from '../i18n-money.ts';
import { PagedTable } from '../components/data-table.tsx';
import { memoText } from '../components/memo.ts';
import { ChoiceFilter, FilterBar, useFilteredList } from '../components/filter-bar.tsx';
import { fmt } from '../format.ts';

const fetchFunds = (filter: z.output<typeof fundFilter>, page: number) =>
  run(adminWalletLogs, { ...filter, page, perPage: 20 });

/** Fund details (reference §5 `fund-details`): every member's wallet log, by member, change type and day. */
export function FundDetails() {
  const { form, list, search } = useFilteredList(
    fundFilter,
    { username: '', changeType: 0, createdAtBegin: '', createdAtEnd: '' },
    fetchFunds,
  );
  const columns = useMemo<Array<ColumnDef<FundItem, unknown>>>(
    () => [
      { id: 'user', header: mm.funds.user, cell: ({ row }) => row.original.username },
      { id: 'account', header: mm.funds.account, cell: ({ row }) => mm.funds.accounts[row.original.account] },
      {
        id: 'amount',
        header: mm.funds.amount,
        meta: { className: 'admin-money' },
        cell: ({ row }) => fmt.money(row.original.amount),
      },
      {
        id: 'type',
        header: mm.funds.changeType,
        // The change type's name; a code this page has no name for shows as the code, not as nothing.
        cell: ({ row: { original: e } }) => mm.funds.changeTypes[String(e.changeType)] ?? `#${e.changeType}`,
      },
      { id: 'memo', header: mm.funds.memo, cell: ({ row }) => memoText(row.original.memo) },
      {
        id: 'time',
        header: mm.funds.time,
        cell: ({ row }) => fmt.dateTime(row.original.createdAt),
      },
    ],
    [],
  );
  return (
    <section data-testid="admin-funds">
      <h1>{mm.menu.funds}</h1>
      <FilterBar form={form} onSearch={search} testId="funds-filter">
        <input {...form.register('username')} placeholder={mm.funds.user} aria-label={mm.funds.user} />
        <ChoiceFilter
          field={form.register('changeType')}
          label={mm.funds.changeType}
          all={['0', mm.funds.changeTypeAll]}
          choices={Object.entries(mm.funds.changeTypes)}
        />
      </FilterBar>
      <PagedTable list={list} selectable={false} columns={columns} rowTestId="fund-row" />
    </section>
  );
}
