import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationItem } from '@forum/contracts';
import { Avatar, Button, toast } from '@forum/ui';
import { useUserEvents } from '../../app/realtime.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { CATEGORY_TYPES, read, type NoticeCategory } from '../message/message-data.ts';
import { act } from '../threads/thread-call.ts';
import { shortTime } from '../threads/thread-text.ts';

/** Props of the list: the spec's category. */
export interface NotificationListProps {
  /** account (system), financial, thread (replies, likes, mentions). */
  category: NoticeCategory;
}

/** Each type's icon and colour in the list (spec §2 notification area). */
const TYPE_LOOK: Record<string, { icon: string; colour: string }> = {
  // Plain glyphs, not emoji: every font has them, so no machine shows an empty box.
  replied: { icon: '”', colour: '#2469f6' },
  liked: { icon: '♥', colour: '#e02433' },
  related: { icon: '@', colour: '#8a5cf6' },
  system: { icon: '!', colour: '#f0a200' },
  rewarded: { icon: '¥', colour: '#f0a200' },
  threadrewarded: { icon: '¥', colour: '#f0a200' },
  threadrewardedexpired: { icon: '¥', colour: '#8590a6' },
  receiveredpacket: { icon: '¥', colour: '#e02433' },
};

/** Which `notifications.event.*` heading an event has (others show their template title). */
const EVENT_KEYS: Record<string, string> = {
  'content.replied': 'replied',
  'content.liked': 'liked',
  'content.mentioned': 'mentioned',
  'user.followed': 'followed',
};

/** `/message?page=thread|financial|account`: a notification list; opening it marks those read. */
export function NotificationListPage({ category }: NotificationListProps) {
  const { t, i18n } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const types = CATEGORY_TYPES[category];

  const load = useCallback(async () => {
    const { notificationList } = await import('@forum/contracts');
    const page = await read(notificationList, { page: 1, perPage: 50, filter: { type: [...types] } });
    setItems(page?.pageData ?? []);
  }, [types]);
  useEffect(() => {
    if (isLogin) void load();
  }, [isLogin, load]);
  useUserEvents(
    (e) => {
      const item = e.payload as NotificationItem;
      if ((types as readonly string[]).includes(item.type)) void load();
    },
    ['notification'],
  );

  const remove = async (id?: number) => {
    if (id === undefined && !window.confirm(t('notifications.deleteAllConfirm'))) return;
    const { notificationDelete } = await import('@forum/contracts');
    const res = await act(notificationDelete, id !== undefined ? { id } : { type: [...types] });
    if (!res) return;
    toast.success(t('notifications.deleted'), { duration: 1000 });
    setItems((list) => (id === undefined ? [] : (list ?? []).filter((n) => n.id !== id)));
  };

  if (!isLogin) return null;
  return (
    <section
      className={`panel notice-list notice-list--${platform}`}
      data-testid="notification-list"
      data-category={category}
    >
      <header className="notice-list__head">
        <Link to="/message" className="chat__back" aria-label={t('message.title')}>
          ‹
        </Link>
        <h1 className="panel__title">{t(`notifications.${category}`)}</h1>
        {!!items?.length && (
          <Button size="small" onClick={() => void remove()} data-testid="notification-delete-all">
            {t('notifications.deleteAll')}
          </Button>
        )}
      </header>
      {items === null && <p className="muted">{t('message.loading')}</p>}
      {items?.length === 0 && <p className="muted">{t('notifications.empty')}</p>}
      <ul>
        {items?.map((n) => {
          const look = TYPE_LOOK[n.type] ?? TYPE_LOOK.system!;
          const name = n.sender?.nickname ?? t('notifications.system');
          const key = EVENT_KEYS[n.event];
          return (
            <li
              key={n.id}
              className={`notif ${n.isRead ? '' : 'notif--unread'}`}
              data-testid="notification"
              data-type={n.type}
            >
              <span
                className="notif__icon"
                style={{ background: look.colour }}
                aria-label={t(`notifications.type.${n.type}`)}
              >
                {n.sender ? <Avatar image={n.sender.avatarUrl} name={name} size="small" circle /> : look.icon}
              </span>
              <div className="notif__body">
                <p className="notif__title">
                  {n.sender ? (
                    <Link to={`/user/${n.sender.userId}`}>
                      {key ? t(`notifications.event.${key}`, { name }) : name}
                    </Link>
                  ) : (
                    n.title
                  )}
                  <span className="notif__tag" style={{ color: look.colour }}>
                    {t(`notifications.type.${n.type}`)}
                  </span>
                </p>
                <p className="notif__content">{key && n.excerpt ? n.excerpt : n.content}</p>
                <p className="notif__meta muted">
                  <time>{shortTime(n.createdAt, i18n.language)}</time>
                  {n.threadId !== null && (
                    <Link to={`/thread/${n.threadId}`} data-testid="notification-thread">
                      {n.threadTitle || t('notifications.viewThread')}
                    </Link>
                  )}
                  <button type="button" className="link-button" onClick={() => void remove(n.id)}>
                    {t('notifications.delete')}
                  </button>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
