import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Page, ThreadItem } from '@forum/contracts';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** pc: numbered pages, each its own address (shareable, and the server renders it). */
export function PcPager({
  page,
  total,
  hrefFor,
}: {
  page: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <nav className="pager" aria-label={t('list.pageOf', { page, total })}>
      {page > 1 && <Link to={hrefFor(page - 1)}>{t('list.prev')}</Link>}
      <span className="muted">{t('list.pageOf', { page, total })}</span>
      {page < total && (
        <Link to={hrefFor(page + 1)} data-testid="next-page">
          {t('list.next')}
        </Link>
      )}
    </nav>
  );
}

/**
 * h5: the pages after the loaded one append as the end of the list scrolls into view. `first` is the page the
 * loader brought (a new one, say another tab or keyword, starts over); `fetchPage` loads one more in the browser.
 */
export function useMoreThreads(
  first: Page<ThreadItem>,
  fetchPage: (page: number) => Promise<Page<ThreadItem> | null>,
) {
  const [extra, setExtra] = useState<ThreadItem[]>([]);
  const [page, setPage] = useState(first.currentPage);
  const [busy, setBusy] = useState(false);
  // A page that failed to load stops the scrolling (no retry loop against a failing server).
  const [failed, setFailed] = useState(false);
  // The list's end as state, not a ref: a page rendered for pc and switched to h5 in the browser (a narrowed
  // desktop window) shows it only after the switch, and the observer must start then.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const done = page >= first.totalPage || failed;
  // The latest fetcher without restarting the observer each render (callers pass a new closure each time).
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  useEffect(() => {
    setExtra([]);
    setPage(first.currentPage);
    setFailed(false);
  }, [first]);
  useEffect(() => {
    if (!sentinel || done || busy) return;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      setBusy(true);
      void fetchRef.current(page + 1).then((next) => {
        if (next) {
          setExtra((prev) => [...prev, ...next.pageData]);
          setPage(next.currentPage);
        } else setFailed(true);
        setBusy(false);
      });
    });
    io.observe(sentinel);
    return () => io.disconnect();
  }, [first, page, done, busy, sentinel]);
  return { extra, done, sentinel: setSentinel };
}

/** The end of an h5 list: watched by `useMoreThreads`, it says whether more is loading or all is shown. */
export function ListEnd({ more }: { more: ReturnType<typeof useMoreThreads> }) {
  const { t } = useTranslation();
  return (
    <div ref={more.sentinel} className="list-end muted">
      {more.done ? t('list.end') : t('list.loading')}
    </div>
  );
}
