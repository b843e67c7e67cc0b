import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ProfileUser } from '@forum/contracts';
import { Avatar } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { PeopleButtons } from './people-buttons.tsx';
import { CardLoading } from './card-loading.tsx';

/** Loaded cards, per user, for this page's life: moving over the same avatar again shows it at once. */
const cache = new Map<number, ProfileUser>();

/** A card from what the page shows, for viewers who may not read profiles: no counts, buttons lead to login. */
function stubUser(userId: number, name: string, avatar: string): ProfileUser {
  return {
    id: userId,
    userId,
    username: name,
    nickname: name,
    avatarUrl: avatar,
    avatar,
    backgroundUrl: '',
    signature: '',
    group: { id: 0, name: '', color: '', icon: '', isDisplay: false, pid: 0, groupName: '' },
    isRealName: false,
    questionCount: 0,
    threadCount: 0,
    followCount: 0,
    fansCount: 0,
    likedCount: 0,
    joinedAt: '',
  };
}

export function UserCard({
  userId,
  name: shownName,
  avatar,
}: {
  userId: number;
  name: string;
  avatar: string;
}) {
  const { t } = useTranslation();
  const { forum } = useSite();
  const [user, setUser] = useState<ProfileUser | null>(cache.get(userId) ?? null);
  const [partial, setPartial] = useState(false);
  const update = (next: ProfileUser) => {
    cache.set(userId, next);
    setUser(next);
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      const [api, { userDetail }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = await api.call(userDetail, { userId });
      if (!live) return;
      if (res.Code === 0 && res.Data) update(res.Data as ProfileUser);
      else if (!cache.has(userId)) {
        setUser(stubUser(userId, shownName, avatar));
        setPartial(true);
      }
    })();
    return () => {
      live = false;
    };
    // Refreshed each time the card opens; the cache only fills the wait.
  }, [userId]);

  if (!user) return <CardLoading />;
  const name = user.nickname || user.username;
  const own = forum.user?.userId === user.userId;
  return (
    <div className="user-card-pop" data-testid="user-card-pop" data-user-id={user.userId}>
      <div className="user-card-pop__head">
        <Avatar image={user.avatarUrl} name={name} size="medium" circle />
        <div className="user-card-pop__who">
          <Link to={`/user/${user.userId}`} className="user-card-pop__name">
            {name}
          </Link>
          {user.group.isDisplay && <span className="tag">{user.group.name}</span>}
          {!partial && (
            <p className="user-card-pop__sig muted" data-testid="user-card-signature">
              {user.signature || t('people.noSignature')}
            </p>
          )}
        </div>
      </div>
      {!partial && (
        <dl className="user-card-pop__counts">
          <div>
            <dt>{t('people.threads')}</dt>
            <dd>{user.threadCount}</dd>
          </div>
          <div>
            <dt>{t('people.liked')}</dt>
            <dd>{user.likedCount}</dd>
          </div>
          <div>
            <dt>{t('people.follows')}</dt>
            <dd>{user.followCount}</dd>
          </div>
          <div>
            <dt>{t('people.fans')}</dt>
            <dd data-testid="user-card-fans">{user.fansCount}</dd>
          </div>
        </dl>
      )}
      {!own && (
        <div className="user-card-pop__actions">
          <PeopleButtons user={user} onChange={update} prefix="card" />
        </div>
      )}
    </div>
  );
}
