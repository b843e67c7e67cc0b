import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Avatar, Badge, Button, Dropdown } from '@forum/ui';
import { useSite } from '../app/site-context.tsx';
import { memberLinks } from './member-links.ts';

/** Spec §2 desktop header: navigation with the unread badge, search, and the user menu or login/register. */
export function PcHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { forum, isLogin, viewerPending, unread, logout } = useSite();
  const [keyword, setKeyword] = useState('');
  const site = forum.setSite;
  const user = forum.user;

  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    void navigate(`/search?keyword=${encodeURIComponent(keyword.trim())}`);
  };
  // The message centre is in the nav already; the admin area is another app, so it loads in full.
  const links = memberLinks(forum).filter((l) => l.key !== 'message');
  const handleMenu = (key: string) => {
    const link = links.find((l) => l.key === key);
    if (key === 'my') void navigate('/my');
    else if (key === 'logout') void logout();
    else if (link?.external) window.location.assign(link.to);
    else if (link) void navigate(link.to);
  };

  return (
    <header className="pc-header" data-testid="header">
      <div className="pc-header__inner">
        <Link to="/" className="pc-header__brand">
          {site.siteHeaderLogo || site.siteLogo ? (
            <img src={site.siteHeaderLogo || site.siteLogo} alt={site.siteName} height={32} />
          ) : (
            <span>{site.siteName || t('app.welcome')}</span>
          )}
        </Link>
        <nav className="pc-header__nav" aria-label="main">
          <NavLink to="/" end>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/message" data-testid="nav-message">
            <Badge count={unread} label={t('nav.unread', { count: unread })}>
              {t('nav.message')}
            </Badge>
          </NavLink>
          <NavLink to="/my">{t('nav.my')}</NavLink>
          {forum.otherPermissions.canViewThreads && (
            <NavLink to="/search" data-testid="nav-search">
              {t('nav.search')}
            </NavLink>
          )}
        </nav>
        <form className="pc-header__search" role="search" onSubmit={handleSearch}>
          <input
            type="search"
            name="keyword"
            value={keyword}
            placeholder={t('nav.searchPlaceholder')}
            aria-label={t('nav.searchPlaceholder')}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" aria-label={t('nav.searchSubmit')}>
            ⌕
          </button>
        </form>
        <div className="pc-header__actions">
          {viewerPending ? (
            // Same size as the user menu, filled by the viewer overlay: no login buttons flash for a member.
            <span className="pc-header__user pc-header__user--pending" data-personal aria-hidden="true">
              <span className="pc-header__avatar-slot" />
            </span>
          ) : isLogin && user ? (
            <Dropdown
              items={[
                { key: 'my', label: <span data-testid="menu-my">{t('nav.personalCentre')}</span> },
                ...links.map((l) => ({
                  key: l.key,
                  label: <span data-testid={`menu-${l.key}`}>{t(l.label)}</span>,
                })),
                { key: 'logout', label: <span data-testid="menu-logout">{t('nav.logout')}</span> },
              ]}
              onSelect={handleMenu}
            >
              <span className="pc-header__user" data-testid="user-menu">
                <Avatar image={user.avatarUrl} name={user.nickname || user.username} size="small" circle />
                <span className="pc-header__nickname">{user.nickname || user.username}</span>
              </span>
            </Dropdown>
          ) : (
            <>
              <Button
                kind="primary"
                size="small"
                onClick={() => void navigate('/user/login')}
                data-testid="login-button"
              >
                {t('nav.login')}
              </Button>
              {site.isRegister && (
                <Button
                  size="small"
                  onClick={() => void navigate('/user/register')}
                  data-testid="register-button"
                >
                  {t('nav.register')}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
