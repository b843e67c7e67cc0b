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

/**
 * Money events (issue 12): their `notifications.money.*` heading, whether someone sent the money (the heading
 * names them, "anonymous" when hidden) and whether the member received it (shown as +¥ amount). The body stays
 * the template's text, which the administrator edits.
 */
const MONEY_EVENTS: Record<string, { key: string; from: boolean; income: boolean }> = {
  'content.rewarded': { key: 'tipped', from: true, income: true },
  'content.paid': { key: 'paid', from: true, income: true },
  'commission.income': { key: 'commission', from: true, income: true },
  'redpacket.received': { key: 'redPacket', from: true, income: true },
  'bounty.answered': { key: 'bounty', from: true, income: true },
  'bounty.expired': { key: 'bountyRefunded', from: false, income: true },
  'bounty.shared': { key: 'bountyShared', from: false, income: true },
  'site.renewal': { key: 'site', from: false, income: false },
  'group.upgraded': { key: 'groupJoined', from: false, income: false },
  'group.renewed': { key: 'groupRenewed', from: false, income: false },
  'group.expired': { key: 'groupExpired', from: false, income: false },
};

/** The original's paid-attachments order type: "bought your attachments" rather than "your thread". */
const ATTACHMENT_ORDER = 7;

/** The heading of a money event in the viewer's language, or null for other events. */
function moneyLine(n: NotificationItem, t: ReturnType<typeof useTranslation>['t']): string | null {
  const money = MONEY_EVENTS[n.event];
  if (!money) return null;
  const key = money.key === 'paid' && n.orderType === ATTACHMENT_ORDER ? 'paidAttachment' : money.key;
  const name = n.sender?.nickname ?? t('notifications.anonymous');
  return t(`notifications.money.${key}`, { name, group: n.vars.groupName ?? '' });
}

/** "Valid until" of a paid site or group event: its day, or no end (the server's words for it are not a date). */
function validity(n: NotificationItem, t: ReturnType<typeof useTranslation>['t']): string | null {
  const end = n.vars.expiresAt;
  if (!end || n.event === 'group.expired') return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(end) ? t('notifications.until', { date: end }) : t('notifications.noEnd');
}

/** `/message?page=thread|financial|account`: a notification list; opening it marks those read. */
export function NotificationListPage({ category }: NotificationListProps) {
  const { t, i18n } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const types = CATEGORY_TYPES[category];

  // The server writes each notification in the reader's language: a language switch reads the list again.
  const language = i18n.language;
  const load = useCallback(async () => {
    const { notificationList } = await import('@forum/contracts');
    const page = await read(notificationList, { page: 1, perPage: 50, filter: { type: [...types] } });
    setItems(page?.pageData ?? []);
  }, [types, language]);
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
          const money = moneyLine(n, t);
          const until = validity(n, t);
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
                      {money ?? (key ? t(`notifications.event.${key}`, { name }) : name)}
                    </Link>
                  ) : (
                    (money ?? n.title)
                  )}
                  {money && n.amount && MONEY_EVENTS[n.event]!.income && (
                    <span className="notif__amount" data-testid="notification-amount">
                      +¥{n.amount}
                    </span>
                  )}
                  <span className="notif__tag" style={{ color: look.colour }}>
                    {t(`notifications.type.${n.type}`)}
                  </span>
                </p>
                <p className="notif__content">{key && n.excerpt ? n.excerpt : n.content}</p>
                <p className="notif__meta muted">
                  <time>{shortTime(n.createdAt, i18n.language)}</time>
                  {until && <span data-testid="notification-until">{until}</span>}
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
