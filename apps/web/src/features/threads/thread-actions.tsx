import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { postsUpdate, threadDelete, threadOperate, threadShare, type ThreadItem } from '@forum/contracts';
import { Button, toast, type Variant } from '@forum/ui';
import { act } from './thread-call.ts';

/** Like, favourite and share, shown only when the ability flags allow (share is open to everyone). */
export function ThreadReactions({
  thread,
  onChange,
  variant,
}: {
  thread: ThreadItem;
  onChange: (t: ThreadItem) => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    await f();
    setBusy(false);
  };
  const like = () =>
    run(async () => {
      const post = await act(postsUpdate, { postId: thread.postId, isLiked: !thread.isLike });
      if (post) onChange({ ...thread, isLike: post.isLiked, likeCount: post.likeCount });
    });
  const favourite = () =>
    run(async () => {
      const next = await act(threadOperate, { threadId: thread.threadId, isFavorite: !thread.isFavorite });
      if (next) onChange({ ...thread, isFavorite: next.isFavorite, favoriteCount: next.favoriteCount });
    });
  const share = () =>
    run(async () => {
      const res = await act(threadShare, { threadId: thread.threadId });
      await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
      if (res) {
        onChange({ ...thread, shareCount: res.shareCount });
        toast.success(t('thread.shared'));
      }
    });
  return (
    <div className={`thread-reactions thread-reactions--${variant}`} data-testid="thread-reactions">
      {thread.ability.canLike && (
        <Button
          variant={variant}
          kind={thread.isLike ? 'primary' : 'default'}
          disabled={busy}
          onClick={() => void like()}
          data-testid="like"
        >
          {thread.isLike ? t('thread.liked') : t('thread.like')} {thread.likeCount}
        </Button>
      )}
      {thread.ability.canFavorite && (
        <Button
          variant={variant}
          kind={thread.isFavorite ? 'primary' : 'default'}
          disabled={busy}
          onClick={() => void favourite()}
          data-testid="favorite"
        >
          {thread.isFavorite ? t('thread.favorited') : t('thread.favorite')}
        </Button>
      )}
      <Button variant={variant} disabled={busy} onClick={() => void share()} data-testid="share">
        {t('thread.share')} {thread.shareCount}
      </Button>
    </div>
  );
}

/** Moderation actions (essence, pin, edit, delete), each present only when its ability flag is set. */
export function ThreadAdminActions({
  thread,
  onChange,
  variant,
}: {
  thread: ThreadItem;
  onChange: (t: ThreadItem) => void;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const a = thread.ability;
  if (!a.canEssence && !a.canStick && !a.canEdit && !a.canDelete) return null;
  const operate = async (change: { isEssence?: boolean; isSticky?: boolean }) => {
    const next = await act(threadOperate, { threadId: thread.threadId, ...change });
    if (next) {
      onChange({ ...thread, isEssence: next.isEssence, isStick: next.isStick });
      toast.success(t('thread.done'));
    }
  };
  const remove = async () => {
    if (!window.confirm(t('thread.deleteConfirm'))) return;
    if (await act(threadDelete, { threadId: thread.threadId })) {
      toast.success(t('thread.deleted'));
      void navigate('/', { replace: true });
    }
  };
  return (
    <div className={`thread-admin thread-admin--${variant}`} data-testid="thread-admin">
      {a.canEssence && (
        <Button
          size="small"
          variant={variant}
          kind="text"
          onClick={() => void operate({ isEssence: !thread.isEssence })}
          data-testid="essence"
        >
          {thread.isEssence ? t('thread.unessence') : t('thread.essence')}
        </Button>
      )}
      {a.canStick && (
        <Button
          size="small"
          variant={variant}
          kind="text"
          onClick={() => void operate({ isSticky: !thread.isStick })}
          data-testid="stick"
        >
          {thread.isStick ? t('thread.unstick') : t('thread.stick')}
        </Button>
      )}
      {a.canEdit && (
        <Link className="text-button" to={`/thread/post?id=${thread.threadId}`} data-testid="edit">
          {t('thread.edit')}
        </Link>
      )}
      {a.canDelete && (
        <Button
          size="small"
          variant={variant}
          kind="danger"
          onClick={() => void remove()}
          data-testid="delete"
        >
          {t('thread.delete')}
        </Button>
      )}
    </div>
  );
}
