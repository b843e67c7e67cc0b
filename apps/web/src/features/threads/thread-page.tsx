import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useViewerData } from '../../app/overlay.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ThreadItem } from '@forum/contracts';
import { Avatar, AvatarGroup, type Variant } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { ReplyList } from './reply-list.tsx';
import { MoneyProvider } from './money-blocks.tsx';
import { ThreadAdminActions, ThreadReactions } from './thread-actions.tsx';
import { ThreadContent } from './thread-content.tsx';
import { useOpenAtTop } from './open-at-top.ts';
import { threadLoader, type ThreadData } from './thread-data.ts';
import { authorName, shortTime } from './thread-text.ts';
import { UserHover } from '../people/user-hover.tsx';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';
import { noop, threadBlockOf } from '../../plugins/plugin-inputs.ts';
import { PaidLock, PriceBadge, TipButton } from '../paid/paid-panel.tsx';
import { ThreadSupporters } from '../paid/thread-supporters.tsx';

/** Who liked the thread: the first few avatars and "+N" for the rest (spec §3 avatar group). */
function ThreadLikers({ thread }: { thread: ThreadItem }) {
  const { t } = useTranslation();
  const likers = thread.likeReward.users;
  if (!likers.length) return null;
  return (
    <div className="thread-likers" data-testid="thread-likers">
      <AvatarGroup
        users={likers.map((u) => ({
          id: u.userId,
          image: u.avatar,
          name: authorName(u, t('list.anonymous')),
          userType: 1,
        }))}
        total={thread.likeCount}
        max={8}
      />
      {/* likePayCount is the original's likes + tips + purchases; this row is the likes (tips have their own). */}
      <span className="muted">{t('thread.likedBy', { count: thread.likeCount })}</span>
    </div>
  );
}

/** Route loader of `/thread/:id`. */
export const loader = threadLoader;

function ThreadHeader({ thread, variant }: { thread: ThreadItem; variant: Variant }) {
  const { t } = useTranslation();
  const { lang } = useSite();
  const name = authorName(thread.user, t('list.anonymous'));
  return (
    <header className={`thread-head thread-head--${variant}`}>
      <div className="thread-head__author">
        <UserHover userId={thread.user.userId} name={name} avatar={thread.user.avatar}>
          <Avatar
            image={thread.user.avatar}
            name={name}
            size={variant === 'pc' ? 'primary' : 'small'}
            circle
          />
        </UserHover>
        <div>
          <div className="thread-card__author">{name}</div>
          <div className="muted">
            <time dateTime={thread.createdAt}>{shortTime(thread.createdAt, lang)}</time>
            {thread.categoryName && (
              <>
                {' · '}
                <Link to={`/?categoryId=${thread.categoryId}`}>{thread.categoryName}</Link>
              </>
            )}
            {' · '}
            {t('list.views', { count: thread.viewCount })}
          </div>
        </div>
      </div>
      <div className="thread-head__tags">
        <PriceBadge thread={thread} />
        {thread.isStick && (
          <span className="tag tag--pin" data-testid="tag-pinned">
            {t('list.pinned')}
          </span>
        )}
        {thread.isEssence && (
          <span className="tag tag--essence" data-testid="tag-essence">
            {t('list.essence')}
          </span>
        )}
      </div>
      {thread.title && <h1 className="thread-head__title">{thread.title}</h1>}
      {thread.isApproved === 0 && (
        <p className="notice" data-testid="pending-notice">
          {t('thread.pending')}
        </p>
      )}
    </header>
  );
}

/** `/thread/:id`: the thread, its reactions, moderation tools per ability, and replies by cursor. */
export function Component() {
  const data = useViewerData<ThreadData>();
  const { platform } = useSite();
  const [thread, setThread] = useState(data.thread);
  useEffect(() => setThread(data.thread), [data.thread]);
  useOpenAtTop(data.thread.threadId);
  // Counted from the browser only, so crawlers and server renders do not inflate views.
  useEffect(() => {
    void callNamed('threadViewCount', { threadId: data.thread.threadId });
  }, [data.thread.threadId]);
  return (
    <MoneyProvider thread={thread}>
      <div className={`thread-page thread-page--${platform}`} data-testid="thread-page">
        <article className="panel thread-main">
          <ThreadHeader thread={thread} variant={platform} />
          <ThreadContent thread={thread} variant={platform} />
          <PaidLock thread={thread} variant={platform} onChange={setThread} />
          <PluginSlot
            target="plugin_detail"
            hook="thread_extension_display_hook"
            threadData={thread}
            updateThread={(patch) => setThread((x) => ({ ...x, ...patch }))}
            recomputeRowHeights={noop}
            perPlugin={threadBlockOf(thread)}
          />
          <ThreadLikers thread={thread} />
          <ThreadSupporters thread={thread} variant={platform} />
          <ThreadReactions thread={thread} onChange={setThread} variant={platform} />
          <div className="thread-tip-row">
            <TipButton thread={thread} variant={platform} onChange={setThread} />
          </div>
          <ThreadAdminActions thread={thread} onChange={setThread} variant={platform} />
        </article>
        <ReplyList
          key={thread.threadId}
          threadId={thread.threadId}
          initial={data.replies}
          total={data.totalReplies}
          cursor={data.nextCursor}
          canReply={thread.ability.canReply}
          canView={thread.ability.canViewPost}
          variant={platform}
        />
      </div>
    </MoneyProvider>
  );
}
