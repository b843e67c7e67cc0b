import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { RedPacketView, RewardView, ThreadItem } from '@forum/contracts';
import { EscrowStatus, RedPacketCondition, TomId } from '@forum/contracts/constants';
import { Button, toast, type Variant } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { act } from './thread-call.ts';
import { shortTime } from './thread-text.ts';

function bodyOf<T>(thread: ThreadItem, tomId: number): T | null {
  const b = Object.values(thread.content.indexes).find((x) => Number(x.tomId) === tomId)?.body;
  return b && typeof b === 'object' ? (b as T) : null;
}

/** What the thread page shares between its blocks and its replies: the live bounty and reply count. */
interface MoneyState {
  authorId: number;
  reward: RewardView | null;
  setReward: (r: RewardView) => void;
  /** Bumped on each reply of the viewer: the red packet checks whether it brought a share. */
  replies: number;
  replied: () => void;
}

const MoneyContext = createContext<MoneyState | null>(null);

/** Holds the thread's bounty and the viewer's reply count for the blocks and the replies under it. */
export function MoneyProvider({ thread, children }: { thread: ThreadItem; children: ReactNode }) {
  const [reward, setReward] = useState(() => bodyOf<RewardView>(thread, TomId.REWARD));
  const [replies, setReplies] = useState(0);
  useEffect(() => setReward(bodyOf<RewardView>(thread, TomId.REWARD)), [thread]);
  const value: MoneyState = {
    authorId: thread.userId,
    reward,
    setReward,
    replies,
    replied: () => setReplies((n) => n + 1),
  };
  return <MoneyContext.Provider value={value}>{children}</MoneyContext.Provider>;
}

/** Tell the red packet a reply was posted (the reply list calls it). */
export function useReplied(): () => void {
  return useContext(MoneyContext)?.replied ?? (() => {});
}

function RedPacketBlock({
  threadId,
  initial,
  variant,
}: {
  threadId: number;
  initial: RedPacketView;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const { lang, isLogin } = useSite();
  const money = useContext(MoneyContext);
  const [p, setP] = useState(initial);
  useEffect(() => setP(initial), [initial]);
  const replies = money?.replies ?? 0;
  useEffect(() => {
    if (!replies || !isLogin) return;
    void callNamed('checkUserGetRedpacket', { threadId }).then((r) => {
      const d = r.Data;
      if (r.Code === 0 && d)
        setP((x) => ({
          ...x,
          isReceived: d.isReceived,
          receivedMoney: d.amount,
          remainNumber: d.remainNumber,
          remainMoney: d.remainMoney,
        }));
    });
  }, [replies, threadId, isLogin]);
  const expired = p.status === EscrowStatus.OVER && p.remainNumber > 0;
  const state =
    p.status === EscrowStatus.UNPAID
      ? t('redpacket.unpaid')
      : p.status === EscrowStatus.OVER || p.remainNumber === 0
        ? // All taken ("expired" is shown from the data below, never from the clock: the server's HTML and the
          // browser's first render must agree).
          t('redpacket.over')
        : t('redpacket.left', { remainNumber: p.remainNumber, remainMoney: p.remainMoney });
  return (
    <section className={`money-block money-block--red money-block--${variant}`} data-testid="redpacket-block">
      <h3 className="money-block__title">{t('redpacket.title')}</h3>
      <p>{t('redpacket.summary', { number: p.number, price: p.price })}</p>
      <p className="muted">
        {p.condition === RedPacketCondition.LIKES
          ? t('redpacket.howLikes', { likenum: p.likenum })
          : t('redpacket.howReply')}
      </p>
      <p data-testid="redpacket-state">{expired ? t('redpacket.expired') : state}</p>
      {p.isReceived && p.receivedMoney && (
        <p className="money-block__got" data-testid="redpacket-got">
          {t('redpacket.got', { amount: p.receivedMoney })}
        </p>
      )}
      {p.expiredAt && p.status === EscrowStatus.OPEN && (
        <p className="muted">{t('redpacket.expiresAt', { time: shortTime(p.expiredAt, lang) })}</p>
      )}
    </section>
  );
}

function RewardBlock({ reward: r, variant }: { reward: RewardView; variant: Variant }) {
  const { t } = useTranslation();
  const { lang } = useSite();
  const ended = r.isExpired || r.status === EscrowStatus.OVER;
  return (
    <section className={`money-block money-block--bounty money-block--${variant}`} data-testid="bounty-block">
      <h3 className="money-block__title">{t('bounty.title')}</h3>
      <p>{t('bounty.summary', { price: r.price })}</p>
      {r.answerId !== null && <p className="muted">{t('bounty.designated')}</p>}
      <p data-testid="bounty-state">
        {ended
          ? t('bounty.ended')
          : `${t('bounty.left', { remainMoney: r.remainMoney })} · ${t('bounty.deadline', { time: shortTime(r.expiredAt, lang) })}`}
      </p>
    </section>
  );
}

/** The red packet and bounty of a thread, under its other blocks. */
export function ThreadMoneyBlocks({ thread, variant }: { thread: ThreadItem; variant: Variant }) {
  const money = useContext(MoneyContext);
  const packet = bodyOf<RedPacketView>(thread, TomId.RED_PACKET);
  const reward = money ? money.reward : bodyOf<RewardView>(thread, TomId.REWARD);
  return (
    <>
      {packet && <RedPacketBlock threadId={thread.threadId} initial={packet} variant={variant} />}
      {reward && <RewardBlock reward={reward} variant={variant} />}
    </>
  );
}

/** On a reply: what the bounty paid it, and the author's "reward this reply" while the bounty is open. */
export function ReplyReward({
  threadId,
  postId,
  userId,
  variant,
}: {
  threadId: number;
  postId: number;
  userId: number;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const money = useContext(MoneyContext);
  const r = money?.reward;
  if (!money || !r) return null;
  const got = r.rewardedPosts[String(postId)];
  if (got)
    return (
      <span className="tag tag--reward" data-testid="reply-rewarded">
        {t('bounty.rewarded', { amount: got })}
      </span>
    );
  const eligible = r.canReward && userId !== money.authorId && (r.answerId === null || r.answerId === userId);
  if (!eligible) return null;
  const reward = async () => {
    const amount = window.prompt(t('bounty.rewardPrompt', { remainMoney: r.remainMoney }), r.remainMoney);
    if (!amount) return;
    const done = await act('postsReward', { threadId, postId, rewards: amount.trim() });
    if (!done) return;
    toast.success(t('bounty.rewardDone'));
    const remain = Number(done.remainMoney);
    money.setReward({
      ...r,
      remainMoney: done.remainMoney,
      canReward: remain > 0,
      rewardedPosts: { ...r.rewardedPosts, [String(postId)]: done.rewards },
    });
  };
  return (
    <Button
      size="small"
      kind="text"
      variant={variant}
      onClick={() => void reward()}
      data-testid="reply-reward"
    >
      {t('bounty.reward')}
    </Button>
  );
}
