import { useEffect, useState } from 'react';
import type { LikedUserItem, ThreadItem } from '@forum/contracts';
import { AvatarGroup, type Variant } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
// Imported statically (about 1 KB gzip in the thread page's chunk): as a lazy chunk of its own, the bundler
// moved the modules it shares with the home page (relative times, the plugin host) out of the entry into chunks
// of their own, and the phone's first load of `/` grew by 1.1 KB (measured with scripts/bundle-size.mjs).
import { SupportersDialog } from './supporters-dialog.tsx';
import { SUPPORTERS_TYPE, type SupportersKind } from './supporters-kind.ts';

/** How many avatars a row draws before its "+N". */
const SHOWN = 8;

/**
 * The newest few of one kind, fetched after the page is up (the thread's counts come with it, so a thread
 * nobody paid for asks nothing) and again whenever the count changes (the viewer tipped or bought).
 */
function useNewest(threadId: number, kind: SupportersKind, count: number): LikedUserItem[] {
  const [users, setUsers] = useState<LikedUserItem[]>([]);
  useEffect(() => {
    if (count <= 0) return;
    let live = true;
    void callNamed('threadLikedUsers', { threadId, type: SUPPORTERS_TYPE[kind], perPage: SHOWN }).then(
      (r) => {
        if (live && r.Code === 0 && r.Data) setUsers(r.Data.pageData.list);
      },
    );
    return () => {
      live = false;
    };
  }, [threadId, kind, count]);
  return count > 0 ? users : [];
}

/** One row: the newest avatars stacked, "N people tipped", and a button to the whole list. */
function SupportersRow({
  thread,
  kind,
  count,
  onOpen,
}: {
  thread: ThreadItem;
  kind: SupportersKind;
  count: number;
  onOpen: (kind: SupportersKind) => void;
}) {
  const { t } = useTranslation();
  const users = useNewest(thread.threadId, kind, count);
  if (count <= 0) return null;
  return (
    <button
      type="button"
      className={`thread-supporters__row thread-supporters__row--${kind}`}
      onClick={() => onOpen(kind)}
      aria-haspopup="dialog"
      data-testid={`supporters-${kind}`}
      data-count={count}
    >
      <span className="thread-supporters__avatars" data-testid={`supporters-${kind}-avatars`}>
        {users.length > 0 && (
          <AvatarGroup
            users={users.map((u, i) => ({
              id: `${u.userId}-${i}`,
              image: u.avatar,
              name: u.userId ? u.nickname : t('supporters.anonymous'),
            }))}
            total={count}
            max={SHOWN}
          />
        )}
      </span>
      <span className="thread-supporters__text">
        {t(kind === 'tips' ? 'supporters.tipped' : 'supporters.paid', { count })}
      </span>
      <span className="thread-supporters__more" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

/**
 * Under the thread: who tipped its author and who paid to read it (the original's reward and paid lists), each
 * a row of stacked avatars with its count, opening the whole list. Nothing is drawn for a thread without them.
 */
export function ThreadSupporters({ thread, variant }: { thread: ThreadItem; variant: Variant }) {
  const [open, setOpen] = useState<SupportersKind | null>(null);
  if (thread.rewardedCount <= 0 && thread.paidCount <= 0) return null;
  return (
    <div className={`thread-supporters thread-supporters--${variant}`} data-testid="thread-supporters">
      <SupportersRow thread={thread} kind="tips" count={thread.rewardedCount} onOpen={setOpen} />
      <SupportersRow thread={thread} kind="paid" count={thread.paidCount} onOpen={setOpen} />
      {open && (
        <SupportersDialog
          threadId={thread.threadId}
          kind={open}
          variant={variant}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
