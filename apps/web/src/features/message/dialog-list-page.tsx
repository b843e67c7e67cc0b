import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DialogItem } from '@forum/contracts';
import { Avatar, Badge } from '@forum/ui';
import { useUnreadCounts, useUserEvents } from '../../app/realtime.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { shortTime } from '../threads/thread-text.ts';
import { chatHref, read } from './message-data.ts';

/** `/message`: the three notification lists with their unread counts, then my dialogs, latest first. */
export function DialogListPage() {
  const { t, i18n } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const counts = useUnreadCounts();
  const [dialogs, setDialogs] = useState<DialogItem[] | null>(null);

  const load = useCallback(async () => {
    const { dialogList } = await import('@forum/contracts');
    const page = await read(dialogList, { page: 1, perPage: 50 });
    setDialogs(page?.pageData ?? []);
  }, []);
  useEffect(() => {
    if (isLogin) void load();
  }, [isLogin, load]);
  // A new message, or a read or delete in another tab, reorders or recounts the list.
  useUserEvents(() => void load(), ['message', 'dialog.read', 'dialog.delete']);

  if (!isLogin) return null;
  const sections = [
    {
      key: 'thread',
      label: t('message.threadNotices'),
      count: counts?.threadUnread ?? 0,
      icon: '”',
      colour: '#2469f6',
    },
    {
      key: 'financial',
      label: t('message.financialNotices'),
      count: counts?.financialUnread ?? 0,
      icon: '¥',
      colour: '#f0a200',
    },
    {
      key: 'account',
      label: t('message.accountNotices'),
      count: counts?.accountUnread ?? 0,
      icon: '!',
      colour: '#8a5cf6',
    },
  ];
  return (
    <div className={`message-centre message-centre--${platform}`} data-testid="message-centre">
      <h1 className="message-centre__title">{t('message.title')}</h1>
      <nav className={`notice-links notice-links--${platform}`}>
        {sections.map((s) => (
          <Link
            key={s.key}
            to={`/message?page=${s.key}`}
            className={`notice-link notice-link--${s.key}`}
            data-testid={`notice-link-${s.key}`}
          >
            <span className="notice-link__icon" style={{ background: s.colour }} aria-hidden="true">
              {s.icon}
            </span>
            <Badge count={s.count} variant={platform}>
              <span>{s.label}</span>
            </Badge>
          </Link>
        ))}
      </nav>
      <section className="panel dialog-list" data-testid="dialog-list">
        <h2 className="panel__title">{t('message.dialogs')}</h2>
        {dialogs === null && <p className="muted">{t('message.loading')}</p>}
        {dialogs?.length === 0 && <p className="muted">{t('message.noDialogs')}</p>}
        <ul>
          {dialogs?.map((d) => {
            const name = d.user.nickname || d.user.username;
            const last = d.lastMessage;
            return (
              <li key={d.dialogId} data-testid="dialog-item" data-dialog-id={d.dialogId}>
                <Link to={chatHref(d.user.userId, name)} className="dialog-item">
                  <Badge count={d.unreadCount} variant={platform}>
                    <Avatar
                      image={d.user.avatarUrl}
                      name={name}
                      size={platform === 'pc' ? 'medium' : 'small'}
                      circle
                    />
                  </Badge>
                  <span className="dialog-item__body">
                    <span className="dialog-item__head">
                      <span className="dialog-item__name">{name}</span>
                      <time className="muted">{shortTime(d.updatedAt, i18n.language)}</time>
                    </span>
                    <span className="dialog-item__last muted">
                      {last ? last.messageText || t('message.image') : ''}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
