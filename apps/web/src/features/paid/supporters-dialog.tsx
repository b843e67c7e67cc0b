import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LikedUserItem } from '@forum/contracts';
import { Avatar, Button, type Variant } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { RelativeTime } from '../threads/relative-time.tsx';
import { SUPPORTERS_TYPE, type SupportersKind } from './supporters-kind.ts';

/** Entries per page of the list. */
const PER_PAGE = 20;

/** What the list holds so far. */
interface Loaded {
  items: LikedUserItem[];
  page: number;
  totalPage: number;
  total: number;
}

/** One tipper or paid reader: picture, name (a link unless anonymous), when, and the amount when shown. */
function SupporterEntry({ item }: { item: LikedUserItem }) {
  const { t } = useTranslation();
  const name = item.userId ? item.nickname : t('supporters.anonymous');
  return (
    <li className="supporters-dialog__item" data-testid="supporter" data-user-id={item.userId}>
      <Avatar image={item.avatar} name={name} size="small" circle />
      <span className="supporters-dialog__who">
        {item.userId ? (
          <Link to={`/user/${item.userId}`} className="supporters-dialog__name">
            {name}
          </Link>
        ) : (
          <span className="supporters-dialog__name">{name}</span>
        )}
        <RelativeTime iso={item.createdAt} className="muted supporters-dialog__time" />
      </span>
      {item.amount !== undefined && (
        <span className="supporters-dialog__amount" data-testid="supporter-amount">
          {t('supporters.amount', { amount: item.amount.toFixed(2) })}
        </span>
      )}
    </li>
  );
}

/**
 * The whole list of a thread's tippers or paid readers, newest first, a page at a time: centred on a computer,
 * a bottom sheet on a phone (as the report dialog). Escape or a click outside closes it.
 */
export function SupportersDialog({
  threadId,
  kind,
  variant,
  onClose,
}: {
  threadId: number;
  kind: SupportersKind;
  variant: Variant;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (page: number) => {
      setBusy(true);
      setFailed(false);
      const r = await callNamed('threadLikedUsers', {
        threadId,
        type: SUPPORTERS_TYPE[kind],
        page,
        perPage: PER_PAGE,
      });
      setBusy(false);
      if (r.Code !== 0 || !r.Data) return setFailed(true);
      const d = r.Data;
      setLoaded((prev) => ({
        items: page === 1 ? d.pageData.list : [...(prev?.items ?? []), ...d.pageData.list],
        page,
        totalPage: d.totalPage,
        total: d.totalCount,
      }));
    },
    [threadId, kind],
  );

  useEffect(() => {
    void load(1);
  }, [load]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const title = t(kind === 'tips' ? 'supporters.tippersTitle' : 'supporters.paidTitle');
  return (
    <div
      className={`report-dialog report-dialog--${variant} supporters-dialog supporters-dialog--${variant}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="supporters-title"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <section className="report-dialog__box panel supporters-dialog__box" data-testid="supporters-dialog">
        <header className="supporters-dialog__head">
          <h2 id="supporters-title" className="report-dialog__title">
            {title}
            {loaded && <span className="muted supporters-dialog__count"> · {loaded.total}</span>}
          </h2>
          <Button
            kind="text"
            size="small"
            variant={variant}
            onClick={onClose}
            aria-label={t('supporters.close')}
            data-testid="supporters-close"
          >
            ×
          </Button>
        </header>
        {loaded && (
          <ul className="supporters-dialog__list" data-testid="supporters-list">
            {loaded.items.map((item, i) => (
              <SupporterEntry key={`${item.userId}-${item.createdAt}-${i}`} item={item} />
            ))}
          </ul>
        )}
        {failed && (
          <p className="report-dialog__error" role="alert">
            {t('supporters.failed')}
          </p>
        )}
        {(failed || !loaded || loaded.page < loaded.totalPage) && (
          <Button
            variant={variant}
            loading={busy}
            onClick={() => void load(failed && !loaded ? 1 : (loaded?.page ?? 0) + 1)}
            data-testid="supporters-more"
          >
            {failed ? t('supporters.retry') : busy || !loaded ? t('list.loading') : t('list.loadMore')}
          </Button>
        )}
      </section>
    </div>
  );
}
