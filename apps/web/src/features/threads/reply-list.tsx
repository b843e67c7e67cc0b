import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { PostItem } from '@forum/contracts';
import { Avatar, Button, toast, type Variant } from '@forum/ui';
import { loginHref } from '../../app/login-return.ts';
import { useSite } from '../../app/site-context.tsx';
import { ReplyBox } from './reply-box.tsx';
import { act } from './thread-call.ts';
import { REPLIES_PER_PAGE } from './thread-data.ts';
import { authorName, shortTime } from './thread-text.ts';
import { UserHover } from '../people/user-hover.tsx';
import { ReplyReward, useReplied } from './money-blocks.tsx';
import { ReportButton } from '../report/report-button.tsx';

type Comment = PostItem['lastThreeComments'][number];

/** Like and delete buttons of a reply or comment, each only when its ability flag allows. */
function PostTools({
  post,
  variant,
  onChange,
  onComment,
}: {
  post: Comment;
  variant: Variant;
  onChange: (p: Comment | null) => void;
  onComment?: () => void;
}) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const like = async () => {
    const next = await act('postsUpdate', { postId: post.id, isLiked: !post.isLiked });
    if (next) onChange({ ...post, isLiked: next.isLiked, likeCount: next.likeCount });
  };
  const remove = async () => {
    if (!window.confirm(t('thread.deleteConfirm'))) return;
    if (await act('postsUpdate', { postId: post.id, isDeleted: true })) {
      toast.success(t('thread.deleted'));
      onChange(null);
    }
  };
  return (
    <div className="post-tools" data-personal>
      {post.ability.canLike && (
        <Button
          size="small"
          kind="text"
          variant={variant}
          onClick={() => void like()}
          data-testid="post-like"
          aria-pressed={post.isLiked}
        >
          {post.isLiked ? t('thread.liked') : t('thread.like')} {post.likeCount}
        </Button>
      )}
      {onComment && post.ability.canReply && (
        <Button size="small" kind="text" variant={variant} onClick={onComment} data-testid="post-comment">
          {t('thread.comment')}
        </Button>
      )}
      {post.ability.canDelete && (
        <Button
          size="small"
          kind="text"
          variant={variant}
          onClick={() => void remove()}
          data-testid="post-delete"
        >
          {t('thread.delete')}
        </Button>
      )}
      {forum.user?.userId !== post.user.userId && (
        <ReportButton target={{ type: 2, postId: post.id }} variant={variant} testId="report-post" />
      )}
    </div>
  );
}

/** One reply with its latest comments (one level, "楼中楼") and a comment box on demand. */
function Reply({ initial, variant, threadId }: { initial: PostItem; variant: Variant; threadId: number }) {
  const { t } = useTranslation();
  const { lang } = useSite();
  const [post, setPost] = useState<PostItem | null>(initial);
  const [commenting, setCommenting] = useState(false);
  // The viewer overlay replaces the group's copy of this reply with the viewer's own.
  useEffect(() => setPost(initial), [initial]);
  if (!post) return null;
  const anonymous = t('list.anonymous');
  const name = authorName(post.user, anonymous);
  const setComment = (i: number, c: Comment | null) =>
    setPost({
      ...post,
      lastThreeComments: c
        ? post.lastThreeComments.map((x, j) => (j === i ? c : x))
        : post.lastThreeComments.filter((_, j) => j !== i),
    });
  return (
    <li className={`reply reply--${variant}`} data-testid="reply" data-post-id={post.id}>
      <UserHover userId={post.user.userId} name={name} avatar={post.user.avatar}>
        <Avatar image={post.user.avatar} name={name} size="small" circle />
      </UserHover>
      <div className="reply__main">
        <div className="reply__head">
          <span className="reply__author">{name}</span>
          <span className="muted">{t('thread.floor', { floor: post.floor })}</span>
          <time className="muted" dateTime={post.createdAt}>
            {shortTime(post.createdAt, lang)}
          </time>
          {post.isApproved === 0 && <span className="tag">{t('list.pending')}</span>}
          <ReplyReward threadId={threadId} postId={post.id} userId={post.user.userId} variant={variant} />
        </div>
        {/* Sanitised by the server's allow-list at write time. */}
        <div className="rich-text reply__content" dangerouslySetInnerHTML={{ __html: post.content }} />
        <PostTools
          post={post}
          variant={variant}
          onChange={(p) => setPost(p ? { ...post, ...p } : null)}
          onComment={() => setCommenting((c) => !c)}
        />
        {post.lastThreeComments.length > 0 && (
          <ul className="comments">
            {post.lastThreeComments.map((c, i) => (
              <li key={c.id} className="comment" data-testid="comment">
                <span className="reply__author">{authorName(c.user, anonymous)}</span>
                {c.commentUser && <span className="muted"> → {authorName(c.commentUser, anonymous)}</span>}
                <span
                  className="rich-text comment__content"
                  dangerouslySetInnerHTML={{ __html: c.content }}
                />
                <PostTools post={c} variant={variant} onChange={(n) => setComment(i, n)} />
              </li>
            ))}
          </ul>
        )}
        {commenting && (
          <ReplyBox
            threadId={threadId}
            replyTo={post.id}
            variant={variant}
            placeholder={t('thread.commentPlaceholder', { name })}
            onPosted={(c) => {
              setCommenting(false);
              setPost({
                ...post,
                replyCount: post.replyCount + 1,
                lastThreeComments: [...post.lastThreeComments, c],
              });
            }}
          />
        )}
      </div>
    </li>
  );
}

/** Replies by cursor ("load more"), so deep pages cost the same as the first; the reply box when allowed. */
export function ReplyList({
  threadId,
  initial,
  total,
  cursor,
  canReply,
  canView,
  variant,
}: {
  threadId: number;
  initial: PostItem[];
  total: number;
  cursor: number | null;
  canReply: boolean;
  canView: boolean;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const { isLogin } = useSite();
  const location = useLocation();
  const [posts, setPosts] = useState(initial);
  const [next, setNext] = useState(cursor);
  useEffect(() => {
    const mine = new Map(initial.map((p) => [p.id, p]));
    setPosts((list) => list.map((p) => mine.get(p.id) ?? p));
  }, [initial]);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState(total);
  const replied = useReplied();
  const loadMore = async () => {
    if (next === null) return;
    setBusy(true);
    const page = await act('postsList', {
      filter: { thread: threadId },
      cursor: next,
      perPage: REPLIES_PER_PAGE,
    });
    setBusy(false);
    if (page) {
      setPosts((p) => [...p, ...page.pageData.filter((x) => !p.some((y) => y.id === x.id))]);
      setNext(page.nextCursor);
    }
  };
  return (
    <section className={`panel replies replies--${variant}`} data-testid="replies">
      <h2 className="panel__title">{t('thread.replies', { count })}</h2>
      {!canView ? (
        <p className="muted">{t('thread.noViewPosts')}</p>
      ) : posts.length === 0 ? (
        <p className="muted">{t('thread.noReplies')}</p>
      ) : (
        <ul className="reply-list">
          {posts.map((p) => (
            <Reply key={p.id} initial={p} variant={variant} threadId={threadId} />
          ))}
        </ul>
      )}
      {next !== null && posts.length > 0 && (
        <Button variant={variant} full loading={busy} onClick={() => void loadMore()} data-testid="load-more">
          {t('list.loadMore')}
        </Button>
      )}
      {canReply ? (
        <ReplyBox
          threadId={threadId}
          variant={variant}
          placeholder={t('thread.replyPlaceholder')}
          onPosted={(p) => {
            setPosts((list) => [...list, p]);
            setCount((c) => c + 1);
            replied();
          }}
        />
      ) : (
        !isLogin && (
          <p className="muted">
            <Link to={loginHref(location.pathname + location.search)} data-testid="login-to-reply">
              {t('thread.loginToReply')}
            </Link>
          </p>
        )
      )}
    </section>
  );
}
