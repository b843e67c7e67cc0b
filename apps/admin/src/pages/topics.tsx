import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { topicsBatchDelete, topicsBatchUpdate, topicsList, type TopicItem } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { s, fill } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { PagedTable, selectedIds } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';
import { savedThen } from '../components/saved.ts';
import { fmt } from '../format.ts';

/** Topics (issue 10 §6): search, recommend or take it back, delete (their threads stay). */
export function Topics() {
  const [words, setWords] = useState('');
  const [query, setQuery] = useState('');
  const list = usePagedList(
    useCallback(
      (page: number) =>
        run(topicsList, { page, perPage: 20, sortBy: 3, filter: query ? { content: query } : {} }),
      [query],
    ),
  );
  const ids = selectedIds(list.selection);
  const done = savedThen(list.reload);
  const columns = useMemo<Array<ColumnDef<TopicItem, unknown>>>(
    () => [
      {
        id: 'name',
        header: m.topics.name,
        cell: ({ row: { original: t } }) => (
          <a href={`/topic/${t.topicId}`} target="_blank" rel="noreferrer">
            #{t.content}#
          </a>
        ),
      },
      { id: 'threads', header: m.topics.threads, cell: ({ row }) => fmt.number(row.original.threadCount) },
      { id: 'views', header: m.topics.views, cell: ({ row }) => fmt.number(row.original.viewCount) },
      {
        id: 'recommended',
        header: m.topics.recommended,
        cell: ({ row }) => (row.original.recommended ? s.yes : s.no),
      },
    ],
    [],
  );
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery(words.trim());
    list.setPageNo(1);
  };
  return (
    <section data-testid="admin-topics">
      <h1>{m.menu.topics}</h1>
      <form className="admin-row" onSubmit={search}>
        <input
          name="topic"
          placeholder={m.topics.search}
          value={words}
          onChange={(e) => setWords(e.target.value)}
        />
        <Button type="submit">{m.filter.search}</Button>
      </form>
      {ids.length > 0 && (
        <div className="admin-batch" data-testid="topics-batch">
          <strong>{fill(m.table.selected, { n: ids.length })}</strong>
          <Button
            size="small"
            data-testid="topics-recommend"
            onClick={() => void run(topicsBatchUpdate, { ids, recommended: true }).then(done)}
          >
            {m.topics.recommend}
          </Button>
          <Button
            size="small"
            onClick={() => void run(topicsBatchUpdate, { ids, recommended: false }).then(done)}
          >
            {m.topics.unrecommend}
          </Button>
          <Button
            kind="danger"
            size="small"
            onClick={() => {
              if (window.confirm(m.topics.deleteConfirm)) void run(topicsBatchDelete, { ids }).then(done);
            }}
          >
            {s.delete}
          </Button>
        </div>
      )}
      <PagedTable list={list} columns={columns} rowId={(t) => String(t.topicId)} rowTestId="topic-row" />
    </section>
  );
}
