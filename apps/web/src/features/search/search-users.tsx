import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { UserSearchItem } from '@forum/contracts';
import { Avatar, type Variant } from '@forum/ui';
import { loginHref } from '../../app/login-return.ts';
import { useSite } from '../../app/site-context.tsx';
import { Highlight } from '../threads/thread-card.tsx';
import { UserHover } from '../people/user-hover.tsx';

/** The users tab of `/search`: user cards with the keyword marked (text nodes only), or a login prompt for guests. */
export function SearchUsers({
  users,
  keyword,
  forbidden,
  variant,
}: {
  users: UserSearchItem[];
  keyword: string;
  forbidden: boolean;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLogin } = useSite();
  if (forbidden && isLogin) return <p className="panel muted">{t('search.usersNoPermission')}</p>;
  if (forbidden) {
    return (
      <p className="panel muted" data-testid="search-users-login">
        <Link to={loginHref(location.pathname + location.search)}>{t('search.usersLogin')}</Link>
      </p>
    );
  }
  return (
    <section className="panel" data-testid="search-users">
      {!keyword && <h2 className="panel__title">{t('search.activeUsers')}</h2>}
      {users.length === 0 && <p className="muted">{t('search.noResult')}</p>}
      <ul className={`user-list user-list--${variant}`}>
        {users.map((u) => (
          <li key={u.userId} className="user-card" data-testid="user-card" data-user-id={u.userId}>
            <UserHover userId={u.userId} name={u.nickname || u.username} avatar={u.avatarUrl}>
              <Avatar
                image={u.avatarUrl}
                name={u.nickname}
                size={variant === 'pc' ? 'medium' : 'small'}
                circle
              />
            </UserHover>
            <div className="user-card__body">
              <Link to={`/user/${u.userId}`} className="user-card__name" data-testid="user-profile-link">
                <Highlight text={u.nickname || u.username} keyword={keyword} />
                {u.nickname && u.nickname !== u.username && (
                  <span className="muted user-card__username">
                    @<Highlight text={u.username} keyword={keyword} />
                  </span>
                )}
              </Link>
              {u.signature && <span className="user-card__signature muted">{u.signature}</span>}
              <span className="user-card__counts muted">
                <span>{t('search.userThreads', { count: u.threadCount })}</span>
                <span>{t('search.userFans', { count: u.fansCount })}</span>
                <span>{t('search.userFollows', { count: u.followCount })}</span>
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
