import { useCallback, useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { adminCashList, adminCashReview, cashFilter, type CashItem } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { mm } from '../i18n-money.ts';
import { PagedTable } from '../components/data-table.tsx';
import { ChoiceFilter, FilterBar, useFilteredList } from '../components/filter-bar.tsx';
import { savedThen } from '../components/saved.ts';
import { SettingsForm } from './settings.tsx';
import { fmt } from '../format.ts';

const STATUSES = ['1', '4', '5', '3', '6'] as const;
const fetchCash = (filter: z.output<typeof cashFilter>, page: number) =>
  run(adminCashList, { ...filter, page, perPage: 20 });

/** The review buttons a withdrawal in this status offers: target status, label, whether a reason is asked. */
function steps(status: number): Array<[2 | 3 | 5 | 6, string, boolean]> {
  if (status === 1)
    return [
      [2, mm.cash.approve, false],
      [3, mm.cash.reject, true],
    ];
  if (status === 4)
    return [
      [5, mm.cash.paid, false],
      [6, mm.cash.failed, true],
    ];
  return [];
}

/** Withdrawals (reference §5 `withdrawal-application`): filters, and approve / reject / paid / failed. */
export function Withdrawals() {
  const { form, list, search } = useFilteredList(
    cashFilter,
    { cashStatus: 0, username: '', cashSn: '', createdAtBegin: '', createdAtEnd: '' },
    fetchCash,
  );
  const done = savedThen(list.reload);
  const review = useCallback(
    (id: number, cashStatus: 2 | 3 | 5 | 6, ask: boolean) => {
      const remark = ask ? window.prompt(mm.cash.reasonPrompt) : '';
      if (remark === null) return;
      void run(adminCashReview, { id, cashStatus, remark }).then(done);
    },
    [done],
  );
  const columns = useMemo<Array<ColumnDef<CashItem, unknown>>>(
    () => [
      { id: 'sn', header: mm.cash.sn, cell: ({ row }) => row.original.cashSn },
      { id: 'user', header: mm.cash.user, cell: ({ row }) => row.original.username },
      {
        id: 'apply',
        header: mm.cash.apply,
        meta: { className: 'admin-money' },
        cell: ({ row }) => fmt.money(row.original.cashApplyAmount),
      },
      {
        id: 'fee',
        header: mm.cash.fee,
        meta: { className: 'admin-money' },
        cell: ({ row }) => fmt.money(row.original.cashCharge),
      },
      {
        id: 'actual',
        header: mm.cash.actual,
        meta: { className: 'admin-money' },
        cell: ({ row }) => fmt.money(row.original.cashActualAmount),
      },
      { id: 'account', header: mm.cash.account, cell: ({ row }) => row.original.receiveAccount },
      {
        id: 'status',
        header: mm.cash.status,
        cell: ({ row }) => (
          <span data-testid="cash-status" data-status={row.original.cashStatus}>
            {mm.cash.statuses[String(row.original.cashStatus)]}
          </span>
        ),
      },
      { id: 'remark', header: mm.cash.remark, cell: ({ row }) => row.original.remark },
      {
        id: 'time',
        header: mm.cash.time,
        cell: ({ row }) => fmt.dateTime(row.original.createdAt),
      },
      {
        id: 'actions',
        header: mm.cash.actions,
        meta: { className: 'admin-actions' },
        cell: ({ row: { original: c } }) =>
          steps(c.cashStatus).map(([to, label, ask]) => (
            <Button
              key={to}
              size="small"
              kind={ask ? 'danger' : 'primary'}
              data-testid={`cash-review-${to}`}
              onClick={() => review(c.id, to, ask)}
            >
              {label}
            </Button>
          )),
      },
    ],
    [review],
  );
  return (
    <section data-testid="admin-withdrawals">
      <h1>{mm.menu.withdrawals}</h1>
      <FilterBar form={form} onSearch={search} testId="cash-filter" searchTestId="cash-search">
        <ChoiceFilter
          field={form.register('cashStatus')}
          label={mm.cash.status}
          all={['0', mm.cash.statusAll]}
          choices={STATUSES.map((k) => [k, mm.cash.statuses[k] ?? ''])}
        />
        <input {...form.register('username')} placeholder={mm.cash.user} aria-label={mm.cash.user} />
        <input {...form.register('cashSn')} placeholder={mm.cash.snFilter} aria-label={mm.cash.snFilter} />
      </FilterBar>
      <PagedTable list={list} selectable={false} columns={columns} rowTestId="cash-row" />
    </section>
  );
}

/** Withdrawal settings (reference §5 `withdrawal-setting`): the `cash` tag, checked by the contracts' rules. */
export function CashSettings() {
  return (
    <SettingsForm
      title={mm.menu.cashSettings}
      testId="admin-cash-settings"
      fields={[
        { key: 'cash_interval_time', label: mm.settings.interval, kind: 'number' },
        { key: 'cash_rate', label: mm.settings.rate, kind: 'text' },
        { key: 'cash_min_sum', label: mm.settings.min, kind: 'text' },
        { key: 'cash_max_sum', label: mm.settings.max, kind: 'text' },
        { key: 'cash_sum_limit', label: mm.settings.daily, kind: 'text' },
      ]}
    />
  );
}
