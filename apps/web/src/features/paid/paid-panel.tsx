import { useLocation, useNavigate } from 'react-router';
import type { ThreadItem } from '@forum/contracts';
import { OrderType } from '@forum/contracts/constants';
import { Button, toast, type Variant } from '@forum/ui';
import { callNamed } from '../../app/api.ts';
import { sendToLogin } from '../../app/send-to-login.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePayment } from '../wallet/use-payment.tsx';

/** Yuan with two decimals from the thread's number. */
const yuan = (n: number) => n.toFixed(2);

/** Whether this viewer reads the thread cut (a non-payer without free viewing). */
export function isLockedFor(thread: ThreadItem): boolean {
  return thread.payType !== 0 && !thread.paid && !thread.ability.canFreeViewPost;
}

/** How many blocks the server locked for this viewer. */
function lockedCount(thread: ThreadItem): number {
  return Object.values(thread.content.indexes).reduce((n, tom) => {
    const b = tom.body as { locked?: boolean; count?: number } | null;
    return n + (b?.locked ? (b.count ?? 1) : 0);
  }, 0);
}

/** The price tag of a paid thread (next to pinned and essence). */
export function PriceBadge({ thread }: { thread: ThreadItem }) {
  const { t } = useTranslation();
  if (thread.payType === 0) return null;
  return (
    <span className="tag tag--price" data-testid="tag-price">
      {thread.payType === 1
        ? t('paid.badge', { amount: yuan(thread.price) })
        : t('paid.attachmentBadge', { amount: yuan(thread.attachmentPrice) })}
    </span>
  );
}

/** Fetches the thread again as this viewer (after paying: the whole content). */
async function reload(threadId: number): Promise<ThreadItem | null> {
  const r = await callNamed('threadDetail', { threadId });
  return r.Code === 0 && r.Data ? r.Data : null;
}

/** Pays through the dialog, then hands the thread as the viewer now sees it back to the page. */
function usePaidAction(thread: ThreadItem, onChange: (t: ThreadItem) => void) {
  const { t } = useTranslation();
  const { isLogin } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const { openPay, dialog } = usePayment();
  const run = async (request: Parameters<typeof openPay>[0]) => {
    if (!isLogin) {
      sendToLogin(t('login.pleaseLogin'), location.pathname + location.search, (to) => void navigate(to));
      return;
    }
    if (!(await openPay(request))) return;
    toast.success(t('paid.success'), { duration: 1000, mask: false });
    const fresh = await reload(thread.threadId);
    if (fresh) onChange(fresh);
  };
  return { run, payDialog: dialog };
}

/**
 * Below a paid thread's free part: what is locked and the pay button (order type 3 for the thread, 7 for its
 * attachments); after paying the page shows the whole thread without a reload.
 */
export function PaidLock({
  thread,
  variant,
  onChange,
}: {
  thread: ThreadItem;
  variant: Variant;
  onChange: (t: ThreadItem) => void;
}) {
  const { t } = useTranslation();
  const { run, payDialog } = usePaidAction(thread, onChange);
  if (thread.payType === 0) return null;
  if (!isLockedFor(thread)) {
    return thread.paid ? (
      <p className="muted paid-note" data-testid="paid-note">
        {t('paid.paidNote')}
      </p>
    ) : null;
  }
  const whole = thread.payType === 1;
  const amount = yuan(whole ? thread.price : thread.attachmentPrice);
  const count = lockedCount(thread);
  return (
    <section className={`paid-lock paid-lock--${variant}`} data-testid="paid-lock">
      {count > 0 && (
        <div className="paid-lock__tiles" aria-hidden="true">
          {Array.from({ length: Math.min(count, 3) }, (_, i) => (
            <span key={i} className="paid-lock__tile" />
          ))}
        </div>
      )}
      <p className="paid-lock__title">{whole ? t('paid.lockedTitle') : t('paid.lockedAttachments')}</p>
      {count > 0 && <p className="muted">{t('paid.lockedItems', { count })}</p>}
      <Button
        kind="primary"
        variant={variant}
        data-testid="paid-buy"
        onClick={() =>
          void run({
            title: thread.title || t('paid.lockedTitle'),
            amount,
            order: { type: whole ? OrderType.THREAD : OrderType.ATTACHMENT, threadId: thread.threadId },
          })
        }
      >
        {whole ? t('paid.payToRead', { amount }) : t('paid.payForAttachments', { amount })}
      </Button>
      {payDialog}
    </section>
  );
}

/** The tip button (order type 2) for anyone but the author. */
export function TipButton({
  thread,
  variant,
  onChange,
}: {
  thread: ThreadItem;
  variant: Variant;
  onChange: (t: ThreadItem) => void;
}) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const { run, payDialog } = usePaidAction(thread, onChange);
  if (forum.user?.userId === thread.user.userId && !thread.isAnonymous) return null;
  return (
    <>
      <Button
        variant={variant}
        data-testid="thread-tip"
        onClick={() =>
          void run({
            title: t('paid.tipTitle'),
            order: { type: OrderType.REWARD, threadId: thread.threadId },
          })
        }
      >
        {t('paid.tip')}
      </Button>
      {payDialog}
    </>
  );
}
