import './zod-config.ts';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, NavLink, Outlet, RouterProvider } from 'react-router';
import { GroupId, userDetail } from '@forum/contracts';
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

const MENU = [
  { to: '/', label: s.menu.dashboard, end: true },
  { to: '/site', label: s.menu.site },
  { to: '/register', label: s.menu.register },
  { to: '/login-methods', label: l.menu },
  { to: '/functions', label: m.menu.functions },
  { to: '/attachments', label: m.menu.attachments },
  { to: '/storage', label: st.menu },
  { to: '/users', label: s.menu.users },
  { to: '/groups', label: s.menu.groups },
  { to: '/categories', label: s.menu.categories },
  { to: '/content', label: m.menu.content },
  { to: '/review', label: s.menu.review },
  { to: '/topics', label: m.menu.topics },
  { to: '/reports', label: m.menu.reports },
  { to: '/stop-words', label: s.menu.stopWords },
  { to: '/signin-fields', label: s.menu.signInFields },
  { to: '/templates', label: s.menu.templates },
  { to: '/plugins', label: m.menu.plugins },
  { to: '/invites', label: inv.menu },
  { to: '/finance', label: mm.menu.finance },
  { to: '/funds', label: mm.menu.funds },
  { to: '/orders', label: mm.menu.orders },
  { to: '/withdrawals', label: mm.menu.withdrawals },
  { to: '/cash-settings', label: mm.menu.cashSettings },
  { to: '/pay-settings', label: pay.menu },
  { to: '/log', label: s.menu.log },
];

/** Only an administrator gets past this (the server refuses every admin call to anyone else anyway). */
function Gate() {
  const [state, setState] = useState<'loading' | 'admin' | 'denied'>('loading');
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
    <div className="admin" data-testid="admin">
      <aside className="admin__side">
        <div className="admin__brand">{s.title}</div>
        <nav className="admin__menu">
          {MENU.map((m) => (
            <NavLink key={m.to} to={m.to} end={m.end}>
              {m.label}
            </NavLink>
          ))}
        </nav>
        <a className="admin__back" href="/">
          {s.backToSite}
        </a>
      </aside>
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
document.title = s.title;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ToastHost />
  </StrictMode>,
);
