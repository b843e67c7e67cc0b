import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { adminOrderLogs, orderFilter, type CallOutput } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { m } from '../i18n-manage.ts';
import { mm } from '../i18n-money.ts';
import { PagedTable } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';

type FilterIn = z.input<typeof orderFilter>;
type Filter = z.output<typeof orderFilter>;
type OrderRow = CallOutput<typeof adminOrderLogs>['pageData'][number];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const typeName = (type: number) => mm.orders.types[String(type)] ?? String(type);

/**
 * Order records (reference §5 `order-record`): every order, by type, status, payer, number and day; a merged
 * order (type 11) lists its parts under its type.
 */
export function Orders() {
  const [filter, setFilter] = useState<Filter>(orderFilter.parse({}));
  const form = useForm<FilterIn, unknown, Filter>({
    resolver: zodResolver(orderFilter),
    defaultValues: { type: -1, status: -1, username: '', orderSn: '', createdAtBegin: '', createdAtEnd: '' },
  });
  const list = usePagedList(
    useCallback((page: number) => run(adminOrderLogs, { ...filter, page, perPage: 20 }), [filter]),
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
                {row.original.children.map((c) => `${typeName(c.type)} ${c.amount}`).join(' + ')}
              </div>
            )}
          </>
        ),
      },
      {
        id: 'amount',
        header: mm.orders.amount,
        meta: { className: 'admin-money' },
        cell: ({ row }) => row.original.amount,
      },
      { id: 'payer', header: mm.orders.payer, cell: ({ row }) => row.original.username },
      { id: 'payee', header: mm.orders.payee, cell: ({ row }) => row.original.payeeName ?? '' },
      {
        id: 'status',
        header: mm.orders.status,
        cell: ({ row }) => mm.orders.statuses[String(row.original.status)] ?? row.original.status,
      },
      { id: 'created', header: mm.orders.created, cell: ({ row }) => when(row.original.createdAt) },
      { id: 'paid', header: mm.orders.paid, cell: ({ row }) => when(row.original.paidAt) },
    ],
    [],
  );
  const { errors } = form.formState;
  return (
    <section data-testid="admin-orders">
      <h1>{mm.menu.orders}</h1>
      <form
        className="admin-row"
        data-testid="orders-filter"
        onSubmit={form.handleSubmit((f) => {
          setFilter(f);
          list.setPageNo(1);
        })}
      >
        <select {...form.register('type')} aria-label={mm.orders.type}>
          <option value="-1">{mm.orders.typeAll}</option>
          {Object.entries(mm.orders.types).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        <select {...form.register('status')} aria-label={mm.orders.status}>
          <option value="-1">{mm.orders.statusAll}</option>
          {Object.entries(mm.orders.statuses).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
        <input {...form.register('username')} placeholder={mm.orders.payer} aria-label={mm.orders.payer} />
        <input {...form.register('orderSn')} placeholder={mm.orders.sn} aria-label={mm.orders.sn} />
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
        rowTestId="order-row"
      />
    </section>
  );
}
