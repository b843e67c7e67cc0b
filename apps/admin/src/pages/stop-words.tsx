import { useCallback, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { stopWordsBatch, stopWordsDelete, stopWordsList, type StopWordItem } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { fill, s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { PagedTable, selectedIds } from '../components/data-table.tsx';
import { usePagedList } from '../components/paged-list.ts';
import { savedThen } from '../components/saved.ts';

const SCOPES = ['ugc', 'username', 'signature', 'dialog', 'nickname'] as const;

/** `{BANNED}` → `banned`: the action's colour class. */
const actionClass = (a: StopWordItem['ugc']) => a.slice(1, -1).toLowerCase();

const columns: Array<ColumnDef<StopWordItem, unknown>> = [
  { id: 'find', header: s.stopWords.find, cell: ({ row }) => row.original.find },
  // Each scope's action as a word (审核 / Review), not the stored token ({MOD}).
  ...SCOPES.map((scope) => ({
    id: scope,
    header: s.stopWords.scopes[scope],
    cell: ({ row }: { row: { original: StopWordItem } }) => (
      <span className={`admin-action admin-action--${actionClass(row.original[scope])}`}>
        {s.stopWords.actions[row.original[scope]]}
      </span>
    ),
  })),
  // The replacement only means something where a scope replaces.
  {
    id: 'replacement',
    header: s.stopWords.replacement,
    cell: ({ row: { original: w } }) =>
      SCOPES.some((scope) => w[scope] === '{REPLACE}') ? w.replacement : '',
  },
];

/**
 * Stop words (issue 10 §7): batch import in the original's line format, search with pages, delete the
 * selected ones, export every word as text that imports back (the server writes it).
 */
export function StopWords() {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [lines, setLines] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = usePagedList(
    useCallback(
      (page: number) => run(stopWordsList, { page, perPage: 50, filter: query || undefined }),
      [query],
    ),
  );
  const ids = selectedIds(list.selection);
  const importLines = async (e: FormEvent) => {
    e.preventDefault();
    const words = lines
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (!words.length) return;
    setBusy(true);
    const res = await run(stopWordsBatch, { words, overwrite });
    setBusy(false);
    if (!res) return;
    toast.success(
      fill(s.stopWords.result, { created: res.created, updated: res.updated, unchanged: res.unique }),
    );
    setLines('');
    await list.reload();
  };
  return (
    <section data-testid="admin-stop-words">
      <h1>{s.menu.stopWords}</h1>
      <form className="admin-panel admin-form" onSubmit={(e) => void importLines(e)}>
        <label className="admin-field admin-field--textarea">
          <span>{s.stopWords.import}</span>
          <textarea
            name="words"
            rows={6}
            value={lines}
            placeholder={s.stopWords.importHint}
            onChange={(e) => setLines(e.target.value)}
          />
        </label>
        <label className="admin-field admin-field--bool">
          <span>{s.stopWords.overwrite}</span>
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
        </label>
        <Button kind="primary" type="submit" loading={busy} data-testid="stop-words-import">
          {s.stopWords.import}
        </Button>
      </form>
      <form
        className="admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(keyword.trim());
          list.setPageNo(1);
        }}
      >
        <input name="keyword" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Button type="submit">{s.stopWords.search}</Button>
        <a className="ui-button ui-button--default" href="/api/backAdmin/stopWords/export" download>
          {s.stopWords.export}
        </a>
      </form>
      {ids.length > 0 && (
        <div className="admin-batch" data-testid="stop-words-batch">
          <strong>{fill(m.table.selected, { n: ids.length })}</strong>
          <Button
            kind="danger"
            size="small"
            onClick={() => void run(stopWordsDelete, { id: ids }).then(savedThen(list.reload))}
          >
            {s.delete}
          </Button>
        </div>
      )}
      <PagedTable list={list} columns={columns} rowId={(w) => String(w.id)} rowTestId="stop-word-row" />
    </section>
  );
}
