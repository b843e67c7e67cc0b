import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { topicsBatchDelete, topicsBatchUpdate, topicsList, type TopicItem } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s, fill } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { DataTable, Pager, selectedIds, type PageOf } from '../components/data-table.tsx';

/** Topics (issue 10 §6): search, recommend or take it back, delete (their threads stay). */
export function Topics() {
  const [words, setWords] = useState('');
  const [query, setQuery] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<PageOf<TopicItem> | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const load = useCallback(async () => {
    setPage(null);
    setSelection({});
    const res = await run(topicsList, {
      page: pageNo,
      perPage: 20,
      sortBy: 3,
      filter: query ? { content: query } : {},
    });
    setPage(res ?? { pageData: [], currentPage: 1, totalPage: 0, totalCount: 0 });
  }, [query, pageNo]);
  useEffect(() => {
    void load();
  }, [load]);
  const ids = selectedIds(selection);
  const done = async (ok: unknown) => {
    if (!ok) return;
    toast.success(s.saved, { duration: 1000 });
    await load();
  };
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
      { id: 'threads', header: m.topics.threads, cell: ({ row }) => row.original.threadCount },
      { id: 'views', header: m.topics.views, cell: ({ row }) => row.original.viewCount },
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
    setPageNo(1);
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
      <DataTable
        rows={page?.pageData ?? null}
        columns={columns}
        rowId={(t) => String(t.topicId)}
        selection={selection}
        onSelectionChange={setSelection}
        rowTestId="topic-row"
      />
      <Pager page={page} onPage={setPageNo} />
    </section>
  );
}
