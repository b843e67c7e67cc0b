import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { adminOrderLogs, orderFilter, type CallOutput } from '@forum/contracts';
import { run } from '../api.ts';
import { mm } from '../i18n-money.ts';
import { PagedTable } from '../components/data-table.tsx';
import { ChoiceFilter, FilterBar, useFilteredList } from '../components/filter-bar.tsx';
import { fmt } from '../format.ts';

const fetchOrders = (filter: z.output<typeof orderFilter>, page: number) =>
  run(adminOrderLogs, { ...filter, page, perPage: 20 });
type OrderRow = CallOutput<typeof adminOrderLogs>['pageData'][number];
const typeName = (type: number) => mm.orders.types[String(type)] ?? String(type);

/**
 * Order records (reference §5 `order-record`): every order, by type, status, payer, number and day; a merged
 * order (type 11) lists its parts under its type.
 */
export function Orders() {
  const { form, list, search } = useFilteredList(
    orderFilter,
    { type: -1, status: -1, username: '', orderSn: '', createdAtBegin: '', createdAtEnd: '' },
    fetchOrders,
  );
  const columns = useMemo<Array<ColumnDef<OrderRow, unknown>>>(
    () => [
      { id: 'sn', header: mm.orders.sn, cell: ({ row }) => row.original.orderSn },
      {
        id: 'type',
        header: mm.orders.type,
        cell: ({ row }) => (
          <>
            {typeName(row.original.type)}
            {row.original.children && (
              <div className="admin-hint" data-testid="order-parts">
                {row.original.children.map((c) => `${typeName(c.type)} ${fmt.money(c.amount)}`).join(' + ')}
              </div>
            )}
          </>
        ),
      },
      {
        id: 'amount',
        header: mm.orders.amount,
        meta: { className: 'admin-money' },
        cell: ({ row }) => fmt.money(row.original.amount),
      },
      { id: 'payer', header: mm.orders.payer, cell: ({ row }) => row.original.username },
      { id: 'payee', header: mm.orders.payee, cell: ({ row }) => row.original.payeeName ?? '' },
      {
        id: 'status',
        header: mm.orders.status,
        cell: ({ row }) => mm.orders.statuses[String(row.original.status)] ?? row.original.status,
      },
      { id: 'created', header: mm.orders.created, cell: ({ row }) => fmt.dateTime(row.original.createdAt) },
      { id: 'paid', header: mm.orders.paid, cell: ({ row }) => fmt.dateTime(row.original.paidAt) },
    ],
    [],
  );
  return (
    <section data-testid="admin-orders">
      <h1>{mm.menu.orders}</h1>
      <FilterBar form={form} onSearch={search} testId="orders-filter">
        <ChoiceFilter
          field={form.register('type')}
          label={mm.orders.type}
          all={['-1', mm.orders.typeAll]}
          choices={Object.entries(mm.orders.types)}
        />
        <ChoiceFilter
          field={form.register('status')}
          label={mm.orders.status}
          all={['-1', mm.orders.statusAll]}
          choices={Object.entries(mm.orders.statuses)}
        />
        <input {...form.register('username')} placeholder={mm.orders.payer} aria-label={mm.orders.payer} />
        <input {...form.register('orderSn')} placeholder={mm.orders.sn} aria-label={mm.orders.sn} />
      </FilterBar>
      <PagedTable list={list} selectable={false} columns={columns} rowTestId="order-row" />
    </section>
  );
}
