import './zod-config.ts';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, NavLink, Outlet, RouterProvider, useLocation } from 'react-router';
import { forum, GroupId, userDetail } from '@forum/contracts';
import { ToastHost } from '@forum/ui';
import '@forum/ui/styles.css';
import './admin.css';
import { api, lang } from './api.ts';
import { s } from './i18n.ts';
import { m } from './i18n-manage.ts';
import { Dashboard } from './pages/dashboard.tsx';
import { AttachmentSettings, FunctionSettings, RegisterSettings, SiteSettings } from './pages/settings.tsx';
import { Content } from './pages/content.tsx';
import { Topics } from './pages/topics.tsx';
import { Reports } from './pages/reports.tsx';
import { Plugins } from './pages/plugins.tsx';
import { Groups } from './pages/groups.tsx';
import { Users } from './pages/users.tsx';
import { StopWords } from './pages/stop-words.tsx';
import { Review } from './pages/review.tsx';
import { Categories } from './pages/categories.tsx';
import { SignInFieldsPage } from './pages/signin-fields.tsx';
import { Templates } from './pages/templates.tsx';
import { ActionLog } from './pages/action-log.tsx';
import { Invites } from './pages/invites.tsx';
import { inv } from './i18n-invites.ts';
import { mm } from './i18n-money.ts';
import { Finance } from './pages/finance.tsx';
import { FundDetails } from './pages/fund-details.tsx';
import { Orders } from './pages/orders.tsx';
import { CashSettings, Withdrawals } from './pages/withdrawals.tsx';
import { PaySettings } from './pages/pay-settings.tsx';
import { pay } from './i18n-pay.ts';
import { LoginMethodSettings } from './pages/login-methods.tsx';
import { l } from './i18n-login.ts';
import { StorageSettings } from './pages/storage.tsx';
import { st } from './i18n-storage.ts';
import { Jobs } from './pages/jobs.tsx';
import { jb } from './i18n-jobs.ts';
import { MailSettings } from './pages/mail.tsx';
import { ml } from './i18n-mail.ts';

/** Between the parts of a title (the site's own pages use the same). */
const TITLE_SEPARATOR = ' - ';
/** The site's favicon when none is set (the public site's default). */
const DEFAULT_FAVICON = '/favicon.svg';

/** One menu entry: a page of the admin area. */
interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The menu in the original's groups (reference §5): home, global, users, content, finance, plugins and other. */
const MENU: Array<{ id: keyof typeof s.menuGroups | 'home'; items: MenuItem[] }> = [
  // The dashboard stands alone above the groups (the original's "首页").
  { id: 'home', items: [{ to: '/', label: s.menu.dashboard, end: true }] },
  {
    id: 'global',
    items: [
      { to: '/site', label: s.menu.site },
      { to: '/functions', label: m.menu.functions },
      { to: '/register', label: s.menu.register },
      { to: '/signin-fields', label: s.menu.signInFields },
      { to: '/login-methods', label: l.menu },
      { to: '/pay-settings', label: pay.menu },
      { to: '/attachments', label: m.menu.attachments },
      { to: '/storage', label: st.menu },
      { to: '/mail', label: ml.menu },
      { to: '/stop-words', label: s.menu.stopWords },
      { to: '/templates', label: s.menu.templates },
    ],
  },
  {
    id: 'users',
    items: [
      { to: '/users', label: s.menu.users },
      { to: '/groups', label: s.menu.groups },
      { to: '/invites', label: inv.menu },
    ],
  },
  {
    id: 'content',
    items: [
      { to: '/categories', label: s.menu.categories },
      { to: '/content', label: m.menu.content },
      { to: '/review', label: s.menu.review },
      { to: '/topics', label: m.menu.topics },
      { to: '/reports', label: m.menu.reports },
    ],
  },
  {
    id: 'finance',
    items: [
      { to: '/finance', label: mm.menu.finance },
      { to: '/funds', label: mm.menu.funds },
      { to: '/orders', label: mm.menu.orders },
      { to: '/withdrawals', label: mm.menu.withdrawals },
      { to: '/cash-settings', label: mm.menu.cashSettings },
    ],
  },
  {
    id: 'other',
    items: [
      { to: '/plugins', label: m.menu.plugins },
      { to: '/log', label: s.menu.log },
      { to: '/jobs', label: jb.menu },
    ],
  },
];

/** The menu label of a path (the page's title), or the admin area's name for a path off the menu. */
function pageTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const g of MENU) for (const i of g.items) if (i.to === path) return i.label;
  return s.title;
}

/**
 * Each page's `<title>` ("页面 - 管理后台 - site name", the spec's title rule) and the site's favicon, from
 * the public site settings (the site name falls back to the welcome greeting, as the site's own pages do).
 */
function useDocumentHead() {
  const { pathname } = useLocation();
  const [site, setSite] = useState<{ name: string; favicon: string } | null>(null);
  useEffect(() => {
    void api.call(forum, {}).then((r) => {
      const set = r.Code === 0 ? r.Data?.setSite : undefined;
      setSite({
        name: set?.siteName?.trim() || s.welcome,
        favicon: set?.siteFavicon?.trim() || DEFAULT_FAVICON,
      });
    });
  }, []);
  useEffect(() => {
    const page = pageTitle(pathname);
    const parts = page === s.title ? [s.title] : [page, s.title];
    document.title = [...parts, site?.name ?? ''].filter(Boolean).join(TITLE_SEPARATOR);
  }, [pathname, site]);
  useEffect(() => {
    if (!site) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = site.favicon;
  }, [site]);
}

/** The side menu: groups with their pages; on a phone a drawer the top bar's button opens. */
function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <aside className="admin__side" id="admin-menu" data-testid="admin-menu" data-open={open || undefined}>
      <div className="admin__brand">{s.title}</div>
      <nav className="admin__menu" aria-label={s.menuLabel}>
        {MENU.map((g) => (
          <div
            key={g.id}
            className="admin__group"
            role="group"
            aria-labelledby={g.id === 'home' ? undefined : `menu-${g.id}`}
          >
            {g.id !== 'home' && (
              <div className="admin__group-title" id={`menu-${g.id}`}>
                {s.menuGroups[g.id]}
              </div>
            )}
            {g.items.map((i) => (
              <NavLink key={i.to} to={i.to} end={i.end} onClick={onClose}>
                {i.label}
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <a className="admin__back" href="/">
        {s.backToSite}
      </a>
    </aside>
  );
}

/** Only an administrator gets past this (the server refuses every admin call to anyone else anyway). */
function Gate() {
  const [state, setState] = useState<'loading' | 'admin' | 'denied'>('loading');
  const [menuOpen, setMenuOpen] = useState(false);
  useDocumentHead();
  // An open drawer covers its own button: Escape closes it too, as the backdrop does.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  useEffect(() => {
    void api
      .call(userDetail, {})
      .then((r) => setState(r.Code === 0 && r.Data?.group.id === GroupId.ADMIN ? 'admin' : 'denied'));
  }, []);
  if (state === 'loading') return <p className="admin-empty">{s.loading}</p>;
  if (state === 'denied') {
    return (
      <div className="admin-denied" data-testid="admin-denied">
        <p>{s.noPermission}</p>
        <a href="/user/login">{s.login}</a>
      </div>
    );
  }
  return (
    <div className={menuOpen ? 'admin admin--menu-open' : 'admin'} data-testid="admin">
      <header className="admin__bar">
        <button
          type="button"
          className="admin__menu-button"
          aria-controls="admin-menu"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? s.closeMenu : s.openMenu}
          data-testid="admin-menu-button"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true" />
        </button>
        <span className="admin__bar-title">{s.title}</span>
      </header>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      {menuOpen && <div className="admin__backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main className="admin__main">
        <Outlet />
      </main>
    </div>
  );
}

const router = createBrowserRouter(
  [
    {
      path: '/',
      Component: Gate,
      children: [
        { index: true, Component: Dashboard },
        { path: 'site', Component: SiteSettings },
        { path: 'register', Component: RegisterSettings },
        { path: 'login-methods', Component: LoginMethodSettings },
        { path: 'functions', Component: FunctionSettings },
        { path: 'attachments', Component: AttachmentSettings },
        { path: 'storage', Component: StorageSettings },
        { path: 'jobs', Component: Jobs },
        { path: 'mail', Component: MailSettings },
        { path: 'users', Component: Users },
        { path: 'groups', Component: Groups },
        { path: 'categories', Component: Categories },
        { path: 'content', Component: Content },
        { path: 'review', Component: Review },
        { path: 'topics', Component: Topics },
        { path: 'reports', Component: Reports },
        { path: 'stop-words', Component: StopWords },
        { path: 'signin-fields', Component: SignInFieldsPage },
        { path: 'templates', Component: Templates },
        { path: 'plugins', Component: Plugins },
        { path: 'invites', Component: Invites },
        { path: 'finance', Component: Finance },
        { path: 'funds', Component: FundDetails },
        { path: 'orders', Component: Orders },
        { path: 'withdrawals', Component: Withdrawals },
        { path: 'cash-settings', Component: CashSettings },
        { path: 'pay-settings', Component: PaySettings },
        { path: 'log', Component: ActionLog },
      ],
    },
  ],
  { basename: '/admin' },
);

document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ToastHost />
  </StrictMode>,
);
