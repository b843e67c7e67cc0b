import { useEffect, useState } from 'react';
import type { Page } from '@forum/contracts';
import { Avatar, Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { shortDate } from '../threads/thread-text.ts';

type Invitee = { userId: number; nickname: string; avatar: string; joinedAt: string; earnings: string };
type Invitees = Page<Invitee> & { scale: number; totalEarnings: string; totalInvitees: number };

/** `/invite`: my invite link, and the friends who joined through it with what each earned me. */
export function Component() {
  const { t } = useTranslation();
  const { platform, lang, forum, origin } = useSite();
  const loggedIn = useRequireLogin();
  const canInvite = forum.otherPermissions.canInvite;
  const [code, setCode] = useState<string | null>(null);
  const [mine, setMine] = useState<Invitees | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    void (async () => {
      const [api, c] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const [link, list] = await Promise.all([
        canInvite ? api.call(c.inviteLinkCreate, {}) : Promise.resolve(null),
        api.call(c.inviteUsersList, { perPage: 50 }),
      ]);
      if (link?.Data) setCode(link.Data.code);
      setMine(list.Data ?? null);
    })();
  }, [loggedIn, canInvite]);

  // On a paid site the link opens the join page; otherwise it opens sign-up.
  const path = forum.setSite.siteMode === 'pay' ? '/forum/partner-invite' : '/user/register';
  const url = code ? `${origin}${path}?inviteCode=${code}` : '';
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => {});
    toast.success(t('membership.copied'));
  };
  // In UTC: the server's HTML and the first browser render must write the same day.
  const date = (iso: string) => shortDate(iso, lang);

  return (
    <div className={`invite-page invite-page--${platform}`} data-testid="invite-page">
      <section className="panel">
        <h1 className="panel__title">{t('membership.inviteTitle')}</h1>
        {!canInvite ? (
          <p className="muted">{t('membership.noInvitePermission')}</p>
        ) : (
          <>
            <p className="invite-page__label">{t('membership.myLink')}</p>
            <div className="invite-page__link">
              <code data-testid="invite-link">{url || t('membership.loading')}</code>
              <Button kind="primary" variant={platform} disabled={!url} onClick={() => void copy()}>
                {t('membership.copy')}
              </Button>
            </div>
          </>
        )}
        {mine && (
          <p className="invite-page__totals">
            <span>{t('membership.scale', { scale: mine.scale })}</span>
            <span>{t('membership.totalInvitees', { count: mine.totalInvitees })}</span>
            <span>{t('membership.totalEarnings', { amount: mine.totalEarnings })}</span>
          </p>
        )}
      </section>
      <section className="panel">
        <h2 className="panel__title">{t('membership.invitees')}</h2>
        {mine === null ? (
          <p className="muted">{t('membership.loading')}</p>
        ) : !mine.pageData.length ? (
          <p className="muted">{t('membership.noInvitees')}</p>
        ) : (
          <ul className="invitee-list" data-testid="invitees">
            {mine.pageData.map((u) => (
              <li key={u.userId} className="invitee">
                <Avatar image={u.avatar} name={u.nickname} size="small" />
                <span className="invitee__name">{u.nickname}</span>
                <span className="muted">{t('membership.joinedAt', { date: date(u.joinedAt) })}</span>
                <span className="invitee__earned">{t('membership.earnings', { amount: u.earnings })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
