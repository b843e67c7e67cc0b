import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { stopWordsBatch, stopWordsDelete, stopWordsList, type StopWordItem } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { fill, s } from '../i18n.ts';

/** Stop words: search, batch import in the original's line format, delete (issue 10 §7). */
export function StopWords() {
  const [items, setItems] = useState<StopWordItem[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [lines, setLines] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async (k: string) => {
    const page = await run(stopWordsList, { page: 1, perPage: 50, filter: k || undefined });
    setItems(page?.pageData ?? []);
  }, []);
  useEffect(() => {
    void load('');
  }, [load]);
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
    await load(keyword);
  };
  const remove = async (id: number) => {
    if (await run(stopWordsDelete, { id: [id] })) await load(keyword);
  };
  const exportText = () => {
    // The import's own line format, so an export imports back as it was.
    const scopes = (w: StopWordItem) =>
      [w.ugc, w.username, w.signature, w.dialog, w.nickname]
        .map((a) => (a === '{REPLACE}' ? w.replacement : a))
        .join('|');
    const text = (items ?? []).map((w) => `${w.find}=${scopes(w)}`).join('\n');
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    a.download = 'stop-words.txt';
    a.click();
    URL.revokeObjectURL(a.href);
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
          void load(keyword);
        }}
      >
        <input name="keyword" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Button type="submit">{s.stopWords.search}</Button>
        <Button onClick={exportText}>{s.stopWords.export}</Button>
      </form>
      {!items ? (
        <p className="admin-empty">{s.loading}</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{s.stopWords.find}</th>
                <th>ugc</th>
                <th>username</th>
                <th>signature</th>
                <th>dialog</th>
                <th>nickname</th>
                <th>{s.stopWords.replacement}</th>
                <th>{s.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <tr key={w.id} data-testid="stop-word-row">
                  <td>{w.find}</td>
                  <td>{w.ugc}</td>
                  <td>{w.username}</td>
                  <td>{w.signature}</td>
                  <td>{w.dialog}</td>
                  <td>{w.nickname}</td>
                  <td>{w.replacement}</td>
                  <td className="admin-actions">
                    <button type="button" onClick={() => void remove(w.id)}>
                      {s.delete}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
