import { useCallback, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import {
  manageFilter,
  managePostList,
  manageSubmitReview,
  manageThreadList,
  threadsBatch,
  type ReviewItem,
} from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s, fill } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { PagedTable, selectedIds } from '../components/data-table.tsx';
import { FilterBar, useFilteredList } from '../components/filter-bar.tsx';
import { TabButtons } from '../components/tab-buttons.tsx';
import { savedThen } from '../components/saved.ts';
import { CategorySelect, useCategories } from '../components/category-select.tsx';
import { fmt } from '../format.ts';

type Kind = 'thread' | 'post';
const NO_FILTER: z.input<typeof manageFilter> = {
  q: '',
  username: '',
  categoryId: '',
  createdAtBegin: '',
  createdAtEnd: '',
};

/** The changes a batch button sends (`threads.batch` without the ids). */
type Change = Omit<z.input<typeof threadsBatch.input>, 'ids'>;

/**
 * Content management (issue 10 §6): the latest threads and replies with filters, and batch actions on the
 * selected rows — move, pin, essence, recommend, delete (the author is told why).
 */
export function Content() {
  const [kind, setKind] = useState<Kind>('thread');
  const [moveTo, setMoveTo] = useState('');
  const [reason, setReason] = useState('');
  const categories = useCategories();
  const { form, list, search } = useFilteredList(
    manageFilter,
    NO_FILTER,
    useCallback(
      (filter: z.output<typeof manageFilter>, page: number) =>
        run(kind === 'thread' ? manageThreadList : managePostList, {
          ...filter,
          isApproved: 1,
          page,
          perPage: 20,
        }),
      [kind],
    ),
  );
  const ids = selectedIds(list.selection);
  const done = savedThen(list.reload);
  const apply = async (change: Change) =>
    done(
      kind === 'thread'
        ? await run(threadsBatch, { ids, reason, ...change })
        : await run(manageSubmitReview, { kind: 'post', ids, action: 'delete', reason }),
    );
  const categoryName = useMemo(
    () => new Map(categories.map((c) => [c.id, c.label.replace(/^— /, '')])),
    [categories],
  );
  const columns = useMemo<Array<ColumnDef<ReviewItem, unknown>>>(
    () => [
      {
        id: 'title',
        header: m.content.title,
        cell: ({ row: { original: it } }) => (
          <div className="admin-wrap">
            <a href={`/thread/${it.threadId}`} target="_blank" rel="noreferrer">
              {it.title || `#${it.threadId}`}
            </a>
            {it.kind === 'post' || !it.title ? <div className="admin-hint">{it.text}</div> : null}
            <div className="admin-marks">
              {it.kind === 'thread' &&
                (['sticky', 'essence', 'site'] as const)
                  .filter((k) => it[k === 'sticky' ? 'isSticky' : k === 'essence' ? 'isEssence' : 'isSite'])
                  .map((k) => (
                    <span key={k} className={`admin-mark admin-mark--${k}`}>
                      {m.content.marks[k]}
                    </span>
                  ))}
            </div>
          </div>
        ),
      },
      { id: 'author', header: m.content.author, cell: ({ row }) => row.original.author.nickname },
      {
        id: 'category',
        header: m.content.category,
        cell: ({ row }) => categoryName.get(row.original.categoryId) ?? row.original.categoryId,
      },
      { id: 'replies', header: m.content.replies, cell: ({ row }) => fmt.number(row.original.postCount) },
      {
        id: 'time',
        header: m.content.time,
        cell: ({ row }) => fmt.dateTime(row.original.createdAt),
      },
    ],
    [categoryName],
  );

  return (
    <section data-testid="admin-content">
      <h1>{m.menu.content}</h1>
      <div className="admin-tabs">
        <TabButtons
          options={['thread', 'post'] as const}
          value={kind}
          onChange={(k) => {
            setKind(k);
            list.setPageNo(1);
          }}
          label={(k) => m.content.kinds[k]}
        />
      </div>
      <FilterBar form={form} onSearch={search} testId="content-filter" searchTestId="content-search">
        <input {...form.register('q')} placeholder={m.filter.words} aria-label={m.filter.words} />
        <input {...form.register('username')} placeholder={m.filter.author} aria-label={m.filter.author} />
        <CategorySelect
          name="categoryId"
          none={m.filter.category}
          categories={categories}
          value={String(form.watch('categoryId') ?? '')}
          onChange={(v) => form.setValue('categoryId', v)}
        />
      </FilterBar>
      {ids.length > 0 && (
        <div className="admin-batch" data-testid="content-batch">
          <strong>{fill(m.table.selected, { n: ids.length })}</strong>
          {kind === 'thread' && (
            <>
              <CategorySelect
                name="moveTo"
                none={m.content.moveTo}
                categories={categories}
                value={moveTo}
                onChange={setMoveTo}
              />
              <Button
                size="small"
                disabled={!moveTo}
                onClick={() => void apply({ categoryId: Number(moveTo) })}
                data-testid="batch-move"
              >
                {m.content.move}
              </Button>
              <Button size="small" onClick={() => void apply({ isSticky: true })} data-testid="batch-pin">
                {m.content.pin}
              </Button>
              <Button size="small" onClick={() => void apply({ isSticky: false })}>
                {m.content.unpin}
              </Button>
              <Button
                size="small"
                onClick={() => void apply({ isEssence: true })}
                data-testid="batch-essence"
              >
                {m.content.essence}
              </Button>
              <Button size="small" onClick={() => void apply({ isEssence: false })}>
                {m.content.unessence}
              </Button>
              <Button size="small" onClick={() => void apply({ isSite: true })} data-testid="batch-recommend">
                {m.content.recommend}
              </Button>
              <Button size="small" onClick={() => void apply({ isSite: false })}>
                {m.content.unrecommend}
              </Button>
            </>
          )}
          <input
            name="reason"
            placeholder={m.content.deleteReason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button
            kind="danger"
            size="small"
            onClick={() => void apply({ isDeleted: true })}
            data-testid="batch-delete"
          >
            {s.delete}
          </Button>
        </div>
      )}
      <PagedTable list={list} columns={columns} rowTestId="content-row" />
    </section>
  );
}
