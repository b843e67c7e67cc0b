import { useCallback, useEffect, useState } from 'react';
import {
  managePostList,
  managePurge,
  manageSubmitReview,
  manageThreadList,
  type ReviewItem,
} from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';
import { TabButtons } from '../components/tab-buttons.tsx';
import { fmt } from '../format.ts';

type Kind = 'thread' | 'post';
type View = 'held' | 'ignored' | 'deleted';

/** The review queue and the recycle bin (issue 10 §6): pass, ignore, delete or restore, with a reason. */
export function Review() {
  const [kind, setKind] = useState<Kind>('thread');
  const [view, setView] = useState<View>('held');
  const [items, setItems] = useState<ReviewItem[] | null>(null);
  const [reason, setReason] = useState('');
  const load = useCallback(async () => {
    setItems(null);
    const input = {
      page: 1,
      perPage: 50,
      isApproved: view === 'ignored' ? 2 : 0,
      isDeleted: view === 'deleted',
    };
    const page = await run(kind === 'thread' ? manageThreadList : managePostList, input);
    setItems(page?.pageData ?? []);
  }, [kind, view]);
  useEffect(() => {
    void load();
  }, [load]);
  const decide = async (item: ReviewItem, action: 'pass' | 'ignore' | 'delete' | 'restore') => {
    const res = await run(manageSubmitReview, { kind: item.kind, ids: [item.id], action, reason });
    if (res) {
      toast.success(s.saved, { duration: 1000 });
      await load();
    }
  };
  const purge = async (item: ReviewItem) => {
    if (!window.confirm(m.bin.purgeConfirm)) return;
    if (await run(managePurge, { kind: item.kind, ids: [item.id] })) {
      toast.success(s.deleted, { duration: 1000 });
      await load();
    }
  };
  return (
    <section data-testid="admin-review">
      <h1>{s.menu.review}</h1>
      <div className="admin-tabs">
        <TabButtons
          options={['thread', 'post'] as const}
          value={kind}
          onChange={setKind}
          label={(k) => s.review.kinds[k]}
        />
        <span className="admin-tabs__gap" />
        <TabButtons
          options={['held', 'ignored', 'deleted'] as const}
          value={view}
          onChange={setView}
          label={(v) => s.review.views[v]}
        />
      </div>
      <div className="admin-row">
        <input
          name="reason"
          placeholder={s.review.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {!items ? (
        <p className="admin-empty">{s.loading}</p>
      ) : items.length === 0 ? (
        <p className="admin-empty">{s.review.empty}</p>
      ) : (
        items.map((it) => (
          <article
            key={`${it.kind}${it.id}`}
            className="admin-panel admin-review-item"
            data-testid="review-item"
            data-id={it.id}
          >
            <header className="admin-review-item__head">
              <strong>{it.title || `#${it.threadId}`}</strong>
              <span className="admin-hint">
                {it.author.nickname} · {fmt.dateTime(it.createdAt)}
              </span>
            </header>
            <p className="admin-wrap">{it.text}</p>
            {it.modWords.length > 0 && (
              <p className="admin-hint">
                {s.review.words}:{' '}
                {it.modWords.map((w) => (
                  <mark key={w}>{w}</mark>
                ))}
              </p>
            )}
            <div className="admin-row">
              {view === 'deleted' ? (
                <>
                  <Button size="small" onClick={() => void decide(it, 'restore')}>
                    {s.review.restore}
                  </Button>
                  <Button
                    kind="danger"
                    size="small"
                    onClick={() => void purge(it)}
                    data-testid="review-purge"
                  >
                    {m.bin.purge}
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    kind="primary"
                    size="small"
                    onClick={() => void decide(it, 'pass')}
                    data-testid="review-pass"
                  >
                    {s.review.pass}
                  </Button>
                  {view === 'held' && (
                    <Button size="small" onClick={() => void decide(it, 'ignore')}>
                      {s.review.ignore}
                    </Button>
                  )}
                  <Button kind="danger" size="small" onClick={() => void decide(it, 'delete')}>
                    {s.delete}
                  </Button>
                </>
              )}
            </div>
          </article>
        ))
      )}
    </section>
  );
}
