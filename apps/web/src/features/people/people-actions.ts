import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProfileUser } from '@forum/contracts';
import { toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { sendToLogin } from '../../app/send-to-login.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { chatHref } from '../message/message-data.ts';

/** Which action is running (its button shows a loading state). */
export type PeopleBusy = 'follow' | 'block' | null;

/**
 * Follow, message and block on a user (hover card and profile header), with the spec's behaviour: a guest is
 * told to log in and sent there (coming back after); follow failures show the server's message as an info toast;
 * block and unblock confirm with a one-second toast and no mask; other block failures are only logged (spec §8).
 */
export function usePeopleActions(user: ProfileUser | null, onChange: (next: ProfileUser) => void) {
  const { t } = useTranslation();
  const { isLogin } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<PeopleBusy>(null);

  const guest = () => {
    if (isLogin) return false;
    sendToLogin(t('login.pleaseLogin'), location.pathname + location.search, (to) => void navigate(to));
    return true;
  };

  const follow = async () => {
    if (!user || guest() || busy) return;
    setBusy('follow');
    try {
      const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      if (user.follow) {
        const res = await api.call(c.followDelete, { id: user.userId, type: 1 });
        if (res.Code !== 0 || !res.Data) return void toast.info(res.Message);
        onChange({ ...user, follow: 0, fansCount: res.Data.fansCount });
      } else {
        const res = await api.call(c.followCreate, { toUserId: user.userId });
        if (res.Code !== 0 || !res.Data) return void toast.info(res.Message);
        onChange({ ...user, follow: res.Data.isMutual ? 2 : 1, fansCount: res.Data.fansCount });
      }
    } finally {
      setBusy(null);
    }
  };

  const block = async () => {
    if (!user || guest() || busy) return;
    setBusy('block');
    try {
      const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = user.isDeny
        ? await api.call(c.denyDelete, { id: user.userId })
        : await api.call(c.denyCreate, { id: user.userId });
      if (res.Code !== 0) {
        console.error('block failed', res.Code, res.Message);
        return;
      }
      const blocking = !user.isDeny;
      // A block ends follows both ways (the server did it): the card shows that at once.
      onChange({ ...user, isDeny: blocking, ...(blocking ? { follow: 0 } : {}) });
      toast.success(t(blocking ? 'people.blocked' : 'people.unblocked'), { duration: 1000, mask: false });
    } finally {
      setBusy(null);
    }
  };

  const message = () => {
    if (!user || guest()) return;
    void navigate(chatHref(user.userId, user.nickname || user.username));
  };

  return { busy, follow, block, message };
}

/** The follow button's label for a state. */
export function followLabel(t: (k: string) => string, state: number | undefined): string {
  return state === 2 ? t('people.mutual') : state === 1 ? t('people.following') : t('people.follow');
}
