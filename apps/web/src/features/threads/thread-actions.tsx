import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ThreadItem } from '@forum/contracts';
import { Button, toast, type Variant } from '@forum/ui';
import { act } from './thread-call.ts';
import { useSite } from '../../app/site-context.tsx';
import { ReportButton } from '../report/report-button.tsx';

/** One thread action: a button that runs `run`, or a link to `to`; hidden unless `show`. */
type Action = { id: string; show: boolean; label: string } & (
  { run: () => Promise<void>; kind?: Parameters<typeof Button>[0]['kind'] } | { to: string }
);

/** The visible actions in order, all of one size; `id` is also the test id. */
function ActionRow({
  actions,
  variant,
  size,
  disabled,
}: {
  actions: Action[];
  variant: Variant;
  size?: 'small';
  disabled?: boolean;
}) {
  return actions
    .filter((a) => a.show)
    .map((a) =>
      'to' in a ? (
        // Looks like the row's text buttons (same size and line), though it is a link.
        <Link
          key={a.id}
          className={`ui-button ui-button--text ui-button--${size ?? 'medium'} ui-button--${variant}`}
          to={a.to}
          data-testid={a.id}
        >
          {a.label}
        </Link>
      ) : (
        <Button
          key={a.id}
          size={size}
          variant={variant}
          kind={a.kind}
          disabled={disabled}
          onClick={() => void a.run()}
          data-testid={a.id}
        >
          {a.label}
        </Button>
      ),
    );
}

/** Both rows act on one thread and hand the changed thread back to the page. */
interface ThreadActionsProps {
  thread: ThreadItem;
  onChange: (t: ThreadItem) => void;
  variant: Variant;
}

/** Like, favourite and share, shown only when the ability flags allow (share is open to everyone). */
export function ThreadReactions({ thread, onChange, variant }: ThreadActionsProps) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const [busy, setBusy] = useState(false);
  const run = (f: () => Promise<void>) => async () => {
    setBusy(true);
    await f();
    setBusy(false);
  };
  const actions: Action[] = [
    {
      id: 'like',
      show: thread.ability.canLike,
      kind: thread.isLike ? 'primary' : 'default',
      label: `${thread.isLike ? t('thread.liked') : t('thread.like')} ${thread.likeCount}`,
      run: run(async () => {
        const post = await act('postsUpdate', { postId: thread.postId, isLiked: !thread.isLike });
        if (post) onChange({ ...thread, isLike: post.isLiked, likeCount: post.likeCount });
      }),
    },
    {
      id: 'favorite',
      show: thread.ability.canFavorite,
      kind: thread.isFavorite ? 'primary' : 'default',
      label: thread.isFavorite ? t('thread.favorited') : t('thread.favorite'),
      run: run(async () => {
        const next = await act('threadOperate', {
          threadId: thread.threadId,
          isFavorite: !thread.isFavorite,
        });
        if (next) onChange({ ...thread, isFavorite: next.isFavorite, favoriteCount: next.favoriteCount });
      }),
    },
    {
      id: 'share',
      show: true,
      label: `${t('thread.share')} ${thread.shareCount}`,
      run: run(async () => {
        const res = await act('threadShare', { threadId: thread.threadId });
        await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
        if (res) {
          onChange({ ...thread, shareCount: res.shareCount });
          toast.success(t('thread.shared'));
        }
      }),
    },
  ];
  return (
    <div
      className={`thread-reactions thread-reactions--${variant}`}
      data-testid="thread-reactions"
      data-personal
    >
      <ActionRow actions={actions} variant={variant} disabled={busy} />
      {/* Anyone but the author may report a thread; a guest is sent to log in. */}
      {forum.user?.userId !== thread.user.userId && (
        <ReportButton
          target={{ type: 1, threadId: thread.threadId }}
          variant={variant}
          testId="report-thread"
        />
      )}
    </div>
  );
}

/** Moderation actions (essence, pin, edit, delete), each present only when its ability flag is set. */
export function ThreadAdminActions({ thread, onChange, variant }: ThreadActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const a = thread.ability;
  const operate = (change: { isEssence?: boolean; isSticky?: boolean }) => async () => {
    const next = await act('threadOperate', { threadId: thread.threadId, ...change });
    if (next) {
      onChange({ ...thread, isEssence: next.isEssence, isStick: next.isStick });
      toast.success(t('thread.done'));
    }
  };
  const remove = async () => {
    if (!window.confirm(t('thread.deleteConfirm'))) return;
    if (await act('threadDelete', { threadId: thread.threadId })) {
      toast.success(t('thread.deleted'));
      void navigate('/', { replace: true });
    }
  };
  const actions: Action[] = [
    {
      id: 'essence',
      show: a.canEssence,
      kind: 'text',
      label: thread.isEssence ? t('thread.unessence') : t('thread.essence'),
      run: operate({ isEssence: !thread.isEssence }),
    },
    {
      id: 'stick',
      show: a.canStick,
      kind: 'text',
      label: thread.isStick ? t('thread.unstick') : t('thread.stick'),
      run: operate({ isSticky: !thread.isStick }),
    },
    { id: 'edit', show: a.canEdit, label: t('thread.edit'), to: `/thread/post?id=${thread.threadId}` },
    { id: 'delete', show: a.canDelete, kind: 'danger', label: t('thread.delete'), run: remove },
  ];
  if (!actions.some((x) => x.show)) return null;
  return (
    <div className={`thread-admin thread-admin--${variant}`} data-testid="thread-admin" data-personal>
      <ActionRow actions={actions} variant={variant} size="small" />
    </div>
  );
}
