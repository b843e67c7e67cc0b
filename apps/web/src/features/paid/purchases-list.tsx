import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PurchaseKind, purchasesList, type PurchaseItem } from '@forum/contracts';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { shortTime } from '../threads/thread-text.ts';

/** `/my/buy`: what I bought (paid threads and attachments), when and for how much, newest first. */
export function PurchasesList() {
  const { t } = useTranslation();
  const { lang } = useSite();
  const [items, setItems] = useState<PurchaseItem[] | null>(null);
  useEffect(() => {
    let live = true;
    void getBrowserApi()
      .then((api) => api.call(purchasesList, { perPage: 50 }))
      .then((r) => live && setItems(r.Data?.pageData ?? []));
    return () => {
      live = false;
    };
  }, []);
  if (items === null) return <p className="muted">{t('people.loading')}</p>;
  if (!items.length) return <p className="muted">{t('my.empty')}</p>;
  return (
    <ul className="purchases" data-testid="my-purchases">
      {items.map((p) => (
        <li key={p.id} className="purchases__item">
          <Link to={`/thread/${p.threadId}`} className="purchases__title">
            {p.title}
          </Link>
          <span className="tag tag--price">
            {p.type === PurchaseKind.THREAD ? t('paid.purchaseThread') : t('paid.purchaseAttachment')}
          </span>
          <span className="purchases__amount">¥{p.amount}</span>
          <time className="muted" dateTime={p.createdAt}>
            {shortTime(p.createdAt, lang)}
          </time>
        </li>
      ))}
    </ul>
  );
}
