import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ThreadItem } from '@forum/contracts';
import { Avatar, type Variant } from '@forum/ui';
import { authorName, excerpt, firstImages, highlightParts } from './thread-text.ts';
import { UserHover } from '../people/user-hover.tsx';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';
import { noop, threadBlockOf } from '../../plugins/plugin-inputs.ts';
import { RelativeTime } from './relative-time.tsx';

/** Text with the keyword wrapped in `<mark>`, built from text nodes so nothing in it is ever parsed as markup. */
export function Highlight({ text, keyword }: { text: string; keyword?: string }) {
  if (!keyword) return <>{text}</>;
  return <>{highlightParts(text, keyword).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}

/** One thread in a list: author, time, title, excerpt, first images and counts. */
export function ThreadCard({
  thread,
  variant,
  keyword,
  onChange,
}: {
  thread: ThreadItem;
  variant: Variant;
  keyword?: string;
  /** Lets a thread-list plugin lay a change over the card; lists that keep no thread state leave it out. */
  onChange?: (patch: Partial<ThreadItem>) => void;
}) {
  const { t } = useTranslation();
  const images = firstImages(thread.content.text, variant === 'pc' ? 4 : 3);
  const text = excerpt(thread.content.text, variant === 'pc' ? 160 : 90);
  const name = authorName(thread.user, t('list.anonymous'));
  return (
    <article
      className={`thread-card thread-card--${variant}`}
      data-testid="thread-card"
      data-thread-id={thread.threadId}
    >
      <header className="thread-card__head">
        <UserHover userId={thread.user.userId} name={name} avatar={thread.user.avatar}>
          <Avatar image={thread.user.avatar} name={name} size="small" circle />
          <span className="thread-card__author">{name}</span>
        </UserHover>
        {thread.categoryName && <span className="thread-card__cat muted">{thread.categoryName}</span>}
        {thread.isStick && <span className="tag tag--pin">{t('list.pinned')}</span>}
        {thread.isEssence && <span className="tag tag--essence">{t('list.essence')}</span>}
        {thread.isApproved === 0 && <span className="tag">{t('list.pending')}</span>}
        {/* Last in the row: the date becoming "5 minutes ago" after hydration moves nothing else. */}
        <RelativeTime className="thread-card__time muted" iso={thread.createdAt} />
      </header>
      <Link className="thread-card__body" to={`/thread/${thread.threadId}`}>
        {thread.title && (
          <h3 className="thread-card__title">
            <Highlight text={thread.title} keyword={keyword} />
          </h3>
        )}
        {text && (
          <p className="thread-card__excerpt">
            <Highlight text={text} keyword={keyword} />
          </p>
        )}
        {images.length > 0 && (
          <div className={`thread-card__images thread-card__images--${images.length}`}>
            {images.map((src) => (
              <img key={src} src={src} alt="" loading="lazy" />
            ))}
          </div>
        )}
      </Link>
      <PluginSlot
        target="plugin_index"
        hook="thread_extension_display_hook"
        threadData={thread}
        updateThread={onChange ?? noop}
        recomputeRowHeights={noop}
        perPlugin={threadBlockOf(thread)}
      />
      <footer className="thread-card__counts muted">
        <span>{t('list.replies', { count: thread.postCount })}</span>
        <span>{t('list.likes', { count: thread.likeCount })}</span>
        <span>{t('list.views', { count: thread.viewCount })}</span>
      </footer>
    </article>
  );
}
