import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DialogMessageItem, PublicUser } from '@forum/contracts';
import { Avatar, Button } from '@forum/ui';
import { useUserEvents } from '../../app/realtime.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { uploadFile } from '../editor/upload.ts';
import { act } from '../threads/thread-call.ts';
import { shortTime } from '../threads/thread-text.ts';
import { read } from './message-data.ts';

/** Message images are uploads of type 4 (reference §1.16). */
const MESSAGE_IMAGE = 4;
const TEXT_MAX = 450;
const PAGE = 20;

/** Adds messages by id (a realtime echo of my own send is not shown twice), oldest first. */
function merge(list: DialogMessageItem[], more: DialogMessageItem[]): DialogMessageItem[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * `/message?page=chat&userId=&nickname=` (spec §2): one conversation. New messages arrive over the realtime
 * channel; the history pages back by cursor; opening it (and each arrival while open) marks it read.
 */
export function ChatPage() {
  const { t, i18n } = useTranslation();
  const { platform, forum } = useSite();
  const isLogin = useRequireLogin();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const [other, setOther] = useState<PublicUser | null>(null);
  const [dialogId, setDialogId] = useState<number | null>(null);
  const [messages, setMessages] = useState<DialogMessageItem[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Spec §2: the chat needs a user id; without one the page logs the original's message.
    if (!valid) console.error('user name error');
  }, [valid]);

  const markRead = useCallback(async (id: number) => {
    const { dialogRead } = await import('@forum/contracts');
    await read(dialogRead, { dialogId: id });
  }, []);

  useEffect(() => {
    if (!isLogin || !valid) return;
    let live = true;
    void (async () => {
      const c = await import('@forum/contracts');
      const rec = await read(c.dialogRecord, { userId });
      if (!live || !rec) return;
      setOther(rec.user);
      setDialogId(rec.dialogId);
      if (rec.dialogId === null) return;
      const page = await read(c.dialogMessageList, { dialogId: rec.dialogId, perPage: PAGE });
      if (!live || !page) return;
      setMessages(merge([], page.pageData));
      setHasMore(page.hasMore);
      void markRead(rec.dialogId);
    })();
    return () => {
      live = false;
    };
  }, [isLogin, valid, userId, markRead]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  useUserEvents(
    (e) => {
      const p = e.payload as { dialogId: number; message: DialogMessageItem };
      // This conversation's messages only: by its id once known, else the first one they write to me.
      if (dialogId !== null ? p.dialogId !== dialogId : p.message.userId !== userId) return;
      if (dialogId === null) setDialogId(p.dialogId);
      setMessages((list) => merge(list, [p.message]));
      if (!p.message.isMine) void markRead(p.dialogId);
    },
    ['message'],
  );

  const loadEarlier = async () => {
    if (dialogId === null || !messages.length) return;
    const { dialogMessageList } = await import('@forum/contracts');
    const page = await read(dialogMessageList, { dialogId, perPage: PAGE, beforeId: messages[0]!.id });
    if (!page) return;
    setMessages((list) => merge(list, page.pageData));
    setHasMore(page.hasMore);
  };

  const send = async (body: { messageText: string; attachmentId?: number }) => {
    setBusy(true);
    try {
      const c = await import('@forum/contracts');
      const res =
        dialogId === null
          ? await act(c.dialogCreate, { recipientUserId: userId, ...body })
          : await act(c.dialogMessageCreate, { dialogId, ...body });
      if (!res) return false;
      setDialogId(res.dialogId);
      setMessages((list) => merge(list, [res.message]));
      return true;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    if (await send({ messageText: value })) setText('');
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    const up = await uploadFile(file, MESSAGE_IMAGE);
    if (up) await send({ messageText: '', attachmentId: up.id });
    if (fileInput.current) fileInput.current.value = '';
  };

  if (!isLogin) return null;
  if (!valid) {
    return (
      <section className="panel" data-testid="chat-error">
        <p>{t('message.noUser')}</p>
      </section>
    );
  }
  const name = other?.nickname || other?.username || params.get('nickname') || '';
  const me = forum.user;
  return (
    <section className={`panel chat chat--${platform}`} data-testid="chat">
      <header className="chat__head">
        <Link to="/message" className="chat__back" aria-label={t('message.title')}>
          ‹
        </Link>
        <h1 className="chat__title">{t('message.chatWith', { name })}</h1>
      </header>
      <div className="chat__messages" data-testid="chat-messages">
        {hasMore ? (
          <button
            type="button"
            className="chat__earlier"
            onClick={() => void loadEarlier()}
            data-testid="chat-earlier"
          >
            {t('message.loadEarlier')}
          </button>
        ) : (
          messages.length > PAGE && <p className="chat__earlier muted">{t('message.noMore')}</p>
        )}
        {messages.map((m) => {
          const who = m.isMine ? me : other;
          const whoName = m.isMine ? t('message.you') : name;
          return (
            <div
              key={m.id}
              className={`chat-msg ${m.isMine ? 'chat-msg--mine' : 'chat-msg--theirs'}`}
              data-testid="chat-message"
              data-mine={m.isMine ? '1' : '0'}
            >
              <Avatar image={who?.avatarUrl} name={who?.nickname || whoName} size="small" circle />
              <div className="chat-msg__bubble">
                {m.messageText && <p className="chat-msg__text">{m.messageText}</p>}
                {m.imageUrl && (
                  <a href={m.imageUrl} target="_blank" rel="noreferrer">
                    <img
                      className="chat-msg__image"
                      src={m.imageUrl}
                      alt={t('message.image')}
                      loading="lazy"
                    />
                  </a>
                )}
                <time className="chat-msg__time muted">{shortTime(m.createdAt, i18n.language)}</time>
              </div>
            </div>
          );
        })}
        <div ref={bottom} />
      </div>
      <form className="chat__form" onSubmit={(e) => void submit(e)}>
        <textarea
          className="chat__input"
          value={text}
          maxLength={TEXT_MAX}
          rows={platform === 'pc' ? 3 : 2}
          placeholder={t('message.placeholder')}
          aria-label={t('message.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && platform === 'pc') void submit(e);
          }}
          data-testid="chat-input"
        />
        <div className="chat__tools">
          <span className="muted chat__counter">{t('message.counter', { count: text.length })}</span>
          <label className="chat__image-button">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              onChange={(e) => void sendImage(e.target.files?.[0])}
              data-testid="chat-image"
            />
            <span className="chat__image-label">{t('message.image')}</span>
          </label>
          <Button
            kind="primary"
            size="small"
            type="submit"
            disabled={busy || !text.trim()}
            data-testid="chat-send"
          >
            {t('message.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
