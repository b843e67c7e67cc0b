import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Badge } from '@forum/ui';
import { useSite } from '../app/site-context.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';

/**
 * Whether a phone page carries the bottom tab bar: the main pages only (home, discover and topics, the message
 * centre, the personal centre's menu), not the editor, a chat, a notification list or the login flows.
 */
export function showsTabbar(pathname: string, search: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/message') return !new URLSearchParams(search).get('page');
  return path === '/' || path === '/search' || path === '/topic' || path === '/my';
}

/** What one tab shows; `wrapIcon` puts a badge on the icon. */
interface TabProps {
  to: string;
  icon: string;
  label: string;
  end?: boolean;
  testId: string;
  wrapIcon?: (icon: ReactNode) => ReactNode;
}

/** One tab: an icon drawn in CSS (no image requests) above its label. */
function Tab({ to, icon, label, end, testId, wrapIcon = (i) => i }: TabProps) {
  return (
    <NavLink to={to} end={end} className="h5-tabbar__tab" data-testid={testId}>
      {wrapIcon(<span className={`h5-tabbar__icon h5-tabbar__icon--${icon}`} aria-hidden="true" />)}
      <span className="h5-tabbar__label">{label}</span>
    </NavLink>
  );
}

/**
 * The phone's bottom tab bar, as in the original h5: home, discover (only for those who may view threads,
 * like the pc header's entry), a prominent post button, messages with the unread badge, and me. Fixed to the
 * bottom above the safe area; the root layout pads the page so nothing hides under it.
 */
export function H5Tabbar() {
  const { t } = useTranslation();
  const { forum, unread } = useSite();
  return (
    <nav className="h5-tabbar" aria-label={t('nav.tabbar')} data-testid="tabbar">
      <Tab to="/" end icon="home" label={t('nav.home')} testId="tab-home" />
      {forum.otherPermissions.canViewThreads && (
        <Tab to="/search" icon="discover" label={t('nav.search')} testId="tab-discover" />
      )}
      <NavLink
        to="/thread/post"
        className="h5-tabbar__post"
        data-testid="tab-post"
        aria-label={t('nav.post')}
      >
        <span className="h5-tabbar__plus" aria-hidden="true" />
      </NavLink>
      <Tab
        to="/message"
        icon="message"
        testId="tab-message"
        label={t('nav.message')}
        wrapIcon={(icon) => (
          <Badge count={unread} variant="h5" label={t('nav.unread', { count: unread })}>
            {icon}
          </Badge>
        )}
      />
      <Tab to="/my" icon="my" label={t('nav.my')} testId="tab-my" />
    </nav>
  );
}
